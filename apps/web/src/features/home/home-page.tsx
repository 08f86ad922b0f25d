import { useState } from 'react';
import { Carousel, Col, Container, Modal, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title.ts';
import { NewProducts, TopProducts } from './home-products.tsx';

const SLIDES = [
  { image: '/images/banner-1.svg', title: 'Carry it beautifully', text: 'Leather totes made to last, from ₹1,499.' },
  { image: '/images/banner-2.svg', title: 'Backpacks for every day', text: 'Light, roomy and ready for the monsoon.' },
  { image: '/images/banner-3.svg', title: 'Weekend, packed', text: 'Duffels and travel bags for the road ahead.' },
];

const GALLERY = [
  { image: '/images/gallery-1.svg', title: 'Classic tote' },
  { image: '/images/gallery-2.svg', title: 'City backpack' },
  { image: '/images/gallery-3.svg', title: 'Sling bag' },
];

export const HOME_HEADING = 'Bag Shop: bags for every day, delivered across India';

/** docs/product.md §2 Home: a three-slide fading banner, a gallery of three with Image Preview, new products. */
export function HomePage() {
  usePageTitle('');
  const [preview, setPreview] = useState<(typeof GALLERY)[number] | null>(null);
  return (
    <>
      {/* The page's one h1 for screen readers and search engines; the banner's slides are its h2s. */}
      <h1 className="visually-hidden">{HOME_HEADING}</h1>
      <Carousel fade interval={5000} className="home-banner" aria-label="Featured collections">
        {SLIDES.map((slide, index) => (
          <Carousel.Item key={slide.image}>
            {/* The first slide is the largest picture of the first screen; the others wait until they are shown. */}
            <img
              className="d-block w-100 banner-image"
              src={slide.image}
              alt=""
              width={1600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
            <Carousel.Caption className="banner-caption text-start">
              <h2 className="display-6 fw-bold">{slide.title}</h2>
              <p className="lead">{slide.text}</p>
              <Link to="/shop-products" className="btn btn-brand btn-lg">
                Shop now
              </Link>
            </Carousel.Caption>
          </Carousel.Item>
        ))}
      </Carousel>

      <Container className="py-5 home-gallery">
        <h2 className="h4 mb-4 text-center">Picked for you</h2>
        <Row className="g-3">
          {GALLERY.map((item) => (
            <Col xs={12} md={4} key={item.image}>
              <button type="button" className="gallery-tile" onClick={() => setPreview(item)}>
                <img src={item.image} alt="" width={800} height={800} loading="lazy" className="img-fluid rounded-3" />
                <span className="gallery-label">{item.title}</span>
              </button>
            </Col>
          ))}
        </Row>
      </Container>

      <NewProducts />
      <TopProducts />

      <Modal show={preview !== null} onHide={() => setPreview(null)} centered size="lg">
        <Modal.Header closeButton closeLabel="Close preview">
          <Modal.Title>Image Preview</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {preview && (
            <img src={preview.image} alt={preview.title} width={800} height={800} className="img-fluid w-100" />
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}
