import { Link } from 'react-router';
import { PolicyFrame } from '../components/policy-frame.tsx';

/** docs/product.md §2.9: what the shop keeps about people and why (§3, §13). */
export function PrivacyPolicyPage() {
  return (
    <PolicyFrame title="Privacy">
      {({ seller }) => (
        <>
          <p>
            {seller.name} ("we") runs this shop and decides how the personal data you give it is used. We follow the
            Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.
          </p>

          <h2 className="h5">What we keep, and why</h2>
          <ul>
            <li>
              <strong>Your account:</strong> name, email, phone and up to 5 profile pictures, so you can sign in and we
              can reach you about your orders. Your password is stored only as an Argon2 hash: nobody, us included, can
              read it.
            </li>
            <li>
              <strong>Your addresses</strong>, to deliver your orders. Each order keeps a copy of the address it was
              sent to.
            </li>
            <li>
              <strong>Your orders, cart, wishlist, wallet, coupons and referrals</strong>, to sell to you, keep your
              money right and issue GST invoices.
            </li>
            <li>
              <strong>Your reviews</strong>, shown with your name on the bag's page, and <strong>messages</strong> you
              send from the Contact page.
            </li>
            <li>
              <strong>Sign in with Google</strong>, if you choose it: Google tells us your name and email address, and
              nothing else.
            </li>
            <li>
              <strong>Requests to the shop</strong> are logged with the page or call they were for (without any search
              words), the result and the time — never what you typed or your password — to keep the shop running and
              safe.
            </li>
          </ul>

          <h2 className="h5">Payments</h2>
          <p>
            Card, UPI and net banking payments are made on Razorpay's secure checkout. Your card number, UPI PIN and
            bank details go to Razorpay and your bank only; we receive just the payment's reference and whether it
            succeeded.
          </p>

          <h2 className="h5">Who else sees your data</h2>
          <ul>
            <li>Our courier partners get the name, address and phone of each delivery.</li>
            <li>Razorpay gets the amount of each card payment and refund.</li>
            <li>Our email provider delivers the one-time codes and order mails we send you.</li>
          </ul>
          <p>We never sell your data or share it for advertising.</p>

          <h2 className="h5">Cookies and your browser</h2>
          <p>
            Your browser keeps your sign-in (for at most 30 days) and your cart's choices in its local storage. During a
            Google sign-in we set one short-lived cookie to finish it safely. We use no advertising or tracking cookies.
          </p>

          <h2 className="h5">How long we keep it</h2>
          <p>
            Your account stays until you ask us to close it. Orders and invoices are kept for as long as Indian tax law
            requires (at least 6 years), even after an account is closed.
          </p>

          <h2 className="h5">Your choices</h2>
          <ul>
            <li>
              You can see and correct your name, email, phone, pictures and addresses on{' '}
              <Link to="/account">your account</Link> at any time.
            </li>
            <li>
              To get a copy of your data, to have it erased or to close your account, write to{' '}
              <a href={`mailto:${seller.email}`}>{seller.email}</a>. We answer within 30 days.
            </li>
          </ul>
        </>
      )}
    </PolicyFrame>
  );
}
