// The shop runs through tsx, which reads no per-folder tsconfig: these pragmas select the automatic JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** The shop as every mail signs it: name and address from the seller settings, links to its public address. */
export interface MailShop {
  name: string;
  address: string;
  publicUrl: string;
}

const page = { backgroundColor: '#f4f1ec', fontFamily: 'Helvetica, Arial, sans-serif', color: '#222', margin: 0 };
const card = { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px', borderRadius: '8px' };
const muted = { color: '#666', fontSize: '12px', lineHeight: '18px' };

export function MailLayout(props: {
  shop: MailShop;
  preview: string;
  title: string;
  children: ReactNode;
  /** Says why the shop's own people get it, instead of the shopper's footer. */
  staffNote?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ fontSize: '20px', fontWeight: 700, margin: '0 0 8px' }}>{props.shop.name}</Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '8px 0 16px' }}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#e5e0d8', margin: '24px 0 12px' }} />
          <Section>
            <Text style={muted}>
              {props.shop.name} · {props.shop.address}
            </Text>
            {props.staffNote ? (
              <Text style={muted}>{props.staffNote}</Text>
            ) : (
              <Text style={muted}>
                <Link href={props.shop.publicUrl}>{props.shop.publicUrl}</Link> · Questions? Reply to this mail or write
                to us from <Link href={`${props.shop.publicUrl}/contact`}>our Contact page</Link>.
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph(props: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>{props.children}</Text>;
}

export function ButtonLink(props: { href: string; children: ReactNode }) {
  return (
    <Text style={{ margin: '16px 0' }}>
      <Link
        href={props.href}
        style={{
          backgroundColor: '#7a4b2a',
          color: '#ffffff',
          padding: '10px 18px',
          borderRadius: '6px',
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Link>
    </Text>
  );
}
