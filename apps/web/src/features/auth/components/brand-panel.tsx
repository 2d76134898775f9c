/**
 * Left brand panel of the sign-in page (000 §2 /login): product name, the home link to the official
 * site (000 §1), tagline about BIM model sharing; a lighter veil when a background video plays.
 * No antd (issue 17: /login loads without it).
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilledIcon, HomeIcon } from '../../../components/light/light-icons.tsx';
import '../i18n.ts';
import '../../service/i18n.ts';

/** Props of BrandPanel. */
export interface BrandPanelProps {
  productName: string;
  /** A background video plays behind the page: draw a light veil instead of the gradient. */
  overVideo?: boolean;
  /** Official site address for the home link (000 §1); '' hides it. */
  homeUrl?: string;
}

/** A wireframe building drawn in SVG, hinting at BIM models. */
function BuildingArt(): ReactElement {
  const stroke = 'rgba(255,255,255,0.55)';
  return (
    <svg viewBox="0 0 360 240" width="100%" style={{ maxWidth: 420 }} aria-hidden>
      <g fill="none" stroke={stroke} strokeWidth="1.5" strokeLinejoin="round">
        <path d="M60 200 L60 90 L150 50 L240 90 L240 200 Z" fill="rgba(255,255,255,0.06)" />
        <path d="M240 90 L310 120 L310 210 L240 200" fill="rgba(255,255,255,0.10)" />
        <path d="M150 50 L220 80 L310 120" />
        <path d="M60 130 L240 130 M60 165 L240 165 M240 130 L310 155 M240 165 L310 183" />
        <path d="M105 70 L105 200 M150 50 L150 200 M195 70 L195 200" />
        <path d="M275 105 L275 205" />
        <rect x="118" y="170" width="22" height="30" fill="rgba(255,255,255,0.18)" />
      </g>
      <g fill="#fff">
        <circle cx="150" cy="50" r="3.5" />
        <circle cx="240" cy="90" r="3.5" />
        <circle cx="310" cy="120" r="3.5" />
        <circle cx="60" cy="90" r="3.5" />
      </g>
      <path d="M20 214 L340 214" stroke="rgba(255,255,255,0.3)" strokeWidth="1" strokeDasharray="4 6" />
    </svg>
  );
}

/** The brand side of the sign-in page, hidden on narrow screens. */
export function BrandPanel({ productName, overVideo = false, homeUrl = '' }: BrandPanelProps): ReactElement {
  const { t } = useTranslation(['auth', 'service']);
  const features = t('features', { returnObjects: true }) as unknown;
  const list = Array.isArray(features) ? features.filter((f): f is string => typeof f === 'string') : [];
  return (
    <aside
      className="login-brand"
      style={{
        flex: '1 1 560px',
        color: '#fff',
        padding: '56px 64px',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        position: 'relative',
        background: overVideo
          ? 'linear-gradient(90deg, rgba(11, 58, 140, 0.55) 0%, rgba(11, 58, 140, 0) 100%)'
          : 'radial-gradient(circle at 20% 10%, #3b8cff 0%, #1664e0 35%, #0b3a8c 100%)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <img
          src="/logo.svg"
          alt=""
          width={40}
          height={40}
          style={{ borderRadius: 10, boxShadow: '0 0 0 2px rgba(255,255,255,.35)' }}
        />
        <span style={{ fontSize: 24, fontWeight: 600, letterSpacing: 0.5 }}>{productName}</span>
        {homeUrl && (
          <a
            href={homeUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="login-home-link"
            style={{ marginLeft: 'auto', color: '#fff', opacity: 0.85, fontSize: 14 }}
          >
            <HomeIcon style={{ marginRight: 6 }} />
            {t('service:login.home')}
          </a>
        )}
      </div>
      <div>
        <h1 style={{ color: '#fff', fontSize: 34, lineHeight: 1.35, margin: '0 0 24px', fontWeight: 600 }}>
          {t('tagline')}
        </h1>
        <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 32px', display: 'grid', gap: 14 }}>
          {list.map((f) => (
            <li
              key={f}
              style={{ display: 'flex', gap: 10, alignItems: 'flex-start', fontSize: 15, opacity: 0.92 }}
            >
              <CheckCircleFilledIcon style={{ marginTop: 4, color: '#8fd3ff' }} />
              <span>{f}</span>
            </li>
          ))}
        </ul>
        <BuildingArt />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6 }}>IFC · OBJ · FBX · GLB · DWG · PDF · Office</div>
    </aside>
  );
}
