import { Card, Col, Container, Row } from 'react-bootstrap';
import { FiFeather, FiHeart, FiShield, FiTruck } from 'react-icons/fi';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title.ts';

const FOUNDED = 2024;

const TEAM = [
  {
    name: 'Ananya Rao',
    role: 'Founder & Head of Design',
    note: 'Sketches every bag on paper first, and still tests each zip herself.',
  },
  {
    name: 'Farhan Sheikh',
    role: 'Craft & Quality Lead',
    note: 'Fifteen years with leather in Kanpur; checks the stitching before anything ships.',
  },
  {
    name: 'Meera Iyer',
    role: 'Customer Care',
    note: 'Answers your messages, sorts out returns and remembers regulars by name.',
  },
  {
    name: 'Rahul Verma',
    role: 'Operations & Delivery',
    note: 'Packs, tracks and makes sure your parcel reaches any pin code in India.',
  },
];

const VALUES = [
  { icon: FiFeather, title: 'Made to be carried', text: 'Light, sturdy bags with pockets where you reach for them.' },
  { icon: FiShield, title: 'Honest prices', text: 'Fair prices in rupees, no hidden charges at checkout.' },
  { icon: FiTruck, title: 'All of India', text: 'Careful packing and delivery from Kashmir to Kanyakumari.' },
  { icon: FiHeart, title: 'People first', text: 'Fair wages for our artisans and real answers for you.' },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function AboutPage() {
  usePageTitle('About us');
  return (
    <>
      <section className="about-hero py-5">
        <Container>
          <Row className="justify-content-center text-center">
            <Col lg={8}>
              <p className="text-uppercase small fw-semibold text-brand mb-2">Our story · since {FOUNDED}</p>
              <h1 className="display-6 fw-semibold mb-3">Bags for every journey, big or small</h1>
              <p className="lead text-muted mb-0">
                Bag Shop was founded in {FOUNDED} in Bengaluru by a small group of friends who were tired of bags that
                gave up after one monsoon. We set out to make everyday bags that are well made, fairly priced and easy
                to love.
              </p>
            </Col>
          </Row>
        </Container>
      </section>

      <Container className="py-5">
        <Row className="g-4 align-items-center mb-5">
          <Col md={6}>
            <h2 className="h4">How it started</h2>
            <p>
              It began at a kitchen table with a sewing machine, a roll of canvas and a lot of chai. Our first batch of
              forty tote bags sold out at a weekend market in Indiranagar, and the people who bought them kept writing
              back with ideas: a laptop sleeve here, a bottle pocket there.
            </p>
            <p className="mb-0">
              Today we work with artisans in Kanpur, Jaipur and Kolkata to make backpacks, totes, office bags and travel
              duffels, and we still read every message that comes in.
            </p>
          </Col>
          <Col md={6}>
            <Card className="border-0 about-mission h-100">
              <Card.Body className="p-4">
                <h2 className="h4">Our mission</h2>
                <p className="mb-0">
                  To make carrying your world a pleasure: honest bags, built to last, delivered to your door anywhere in
                  India, with care from the first stitch to the last mile.
                </p>
              </Card.Body>
            </Card>
          </Col>
        </Row>

        <Row xs={1} sm={2} lg={4} className="g-3 mb-5">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <Col key={title}>
              <div className="h-100 p-3 rounded-3 border bg-white">
                <Icon className="text-brand fs-4 mb-2" aria-hidden="true" />
                <h3 className="h6">{title}</h3>
                <p className="small text-muted mb-0">{text}</p>
              </div>
            </Col>
          ))}
        </Row>

        <section aria-labelledby="team-title">
          <h2 id="team-title" className="h4 text-center mb-4">
            The people behind your bag
          </h2>
          <Row xs={1} sm={2} lg={4} className="g-4">
            {TEAM.map((person) => (
              <Col key={person.name}>
                <Card className="team-card h-100 text-center border-0 shadow-sm">
                  <Card.Body className="p-4">
                    <div className="team-avatar mx-auto mb-3" aria-hidden="true">
                      {initials(person.name)}
                    </div>
                    <h3 className="h6 mb-1">{person.name}</h3>
                    <p className="small text-brand fw-semibold mb-2">{person.role}</p>
                    <p className="small text-muted mb-0">{person.note}</p>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        </section>

        <div className="text-center mt-5">
          <p className="text-muted">Have a question or an idea for a bag we should make?</p>
          <Link to="/contact" className="btn btn-brand me-2 mb-2">
            Contact us
          </Link>
          <Link to="/shop-products" className="btn btn-outline-brand mb-2">
            Browse the shop
          </Link>
        </div>
      </Container>
    </>
  );
}
