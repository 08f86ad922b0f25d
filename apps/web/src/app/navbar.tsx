import { Badge, Button, Container, Nav, Navbar } from 'react-bootstrap';
import { FiHeart, FiLogIn, FiShoppingBag, FiUser } from 'react-icons/fi';
import { Link, NavLink, useLocation } from 'react-router';
import { useIsSignedIn } from '../session/session-hooks.ts';
import { displayName } from '../session/session-slice.ts';
import { useAppSelector } from '../store/store.ts';
import { useCartCount } from './use-cart-count.ts';
import { useLogout } from './use-logout.ts';

/** docs/product.md §2 navigation bar; hidden on every /admin path. */
export function AppNavbar() {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const name = useAppSelector((s) => displayName(s.session.userInfo));
  const cartCount = useCartCount(signedIn);
  const logout = useLogout();
  if (pathname.startsWith('/admin')) return null;

  return (
    <Navbar expand="lg" className="shop-navbar border-bottom" sticky="top" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to="/" className="brand-mark">
          <FiShoppingBag aria-hidden="true" /> Bag Shop
        </Navbar.Brand>
        {/* Below lg the cart stays in the bar beside the menu button; from lg it sits among the links. */}
        <div className="d-flex align-items-center gap-1 ms-auto d-lg-none">
          <Nav.Link as={NavLink} to="/cart" aria-label={`Cart, ${cartCount} items`} className="navbar-cart px-2">
            <FiShoppingBag aria-hidden="true" />
            <Badge pill bg="brand" className="ms-1">
              {cartCount}
            </Badge>
          </Nav.Link>
          <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
        </div>
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to="/" end eventKey="home">
              Home
            </Nav.Link>
            <Nav.Link as={NavLink} to="/shop-products" eventKey="shop">
              Shop
            </Nav.Link>
            <Nav.Link as={NavLink} to="/about" eventKey="about">
              About
            </Nav.Link>
            <Nav.Link as={NavLink} to="/contact" eventKey="contact">
              Contact
            </Nav.Link>
          </Nav>
          <Nav className="align-items-lg-center gap-lg-1">
            {signedIn && name ? (
              <Nav.Link as={NavLink} to="/account" eventKey="account" className="fw-semibold">
                <FiUser aria-hidden="true" className="me-1" />
                {name}
              </Nav.Link>
            ) : (
              <Nav.Link as={NavLink} to="/login" eventKey="login" aria-label="Sign in">
                <FiLogIn aria-hidden="true" /> <span className="d-lg-none">Sign in</span>
              </Nav.Link>
            )}
            <Nav.Link
              as={NavLink}
              to="/cart"
              eventKey="cart"
              aria-label={`Cart, ${cartCount} items`}
              className="d-none d-lg-block"
            >
              <FiShoppingBag aria-hidden="true" />
              <Badge pill bg="brand" className="ms-1" data-testid="cart-badge">
                {cartCount}
              </Badge>
            </Nav.Link>
            <Nav.Link as={NavLink} to="/wishlist" eventKey="wishlist" aria-label="Wishlist">
              <FiHeart aria-hidden="true" /> <span className="d-lg-none">Wishlist</span>
            </Nav.Link>
            <Nav.Link as={NavLink} to="/mine" eventKey="orders">
              My Orders
            </Nav.Link>
            <Nav.Link as={NavLink} to="/wallet" eventKey="wallet">
              Wallet
            </Nav.Link>
            {signedIn && (
              <Button variant="outline-brand" size="sm" className="ms-lg-2 mt-2 mt-lg-0" onClick={logout}>
                Logout
              </Button>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
