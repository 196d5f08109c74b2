import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildClinic, buildFormDetails } from '../../test/practice-factories.ts';
import { SidePanel } from './side-panel.tsx';

afterEach(cleanup);

const panel = () => screen.getByRole('complementary', { name: 'Practice information' });
const phoneLink = () => within(panel()).getByRole('link');
const addressText = () => panel().querySelector('address span')?.textContent ?? null;

describe('SidePanel with practice-level details', () => {
  it('shows the name, the display address first and the phone as a formatted tel: link', () => {
    render(<SidePanel form={buildFormDetails({ display_address: '12 Main St, Suite 4, Austin TX' })} clinic={null} />);
    expect(within(panel()).getByRole('heading', { level: 1 }).textContent).toBe('Bright Smile Dental');
    expect(addressText()).toBe('12 Main St, Suite 4, Austin TX');
    expect(phoneLink().textContent).toBe('(512) 555-0100');
    expect(phoneLink().getAttribute('href')).toBe('tel:5125550100');
  });

  it('falls back to address_line1, then to city, state and zip joined by commas', () => {
    render(<SidePanel form={buildFormDetails({ address_line1: '12 Main St' })} clinic={null} />);
    expect(addressText()).toBe('12 Main St');
    cleanup();
    render(<SidePanel form={buildFormDetails({ address_line1: null })} clinic={null} />);
    expect(addressText()).toBe('Austin, TX, 78701');
    cleanup();
    render(<SidePanel form={buildFormDetails({ address_line1: ' ', city: null })} clinic={null} />);
    expect(addressText()).toBe('TX, 78701');
  });

  it('shows a phone that is not exactly 10 digits as given, still as a tel: link', () => {
    render(<SidePanel form={buildFormDetails({ phone: '+44 20 7946 0958' })} clinic={null} />);
    expect(phoneLink().textContent).toBe('+44 20 7946 0958');
    expect(phoneLink().getAttribute('href')).toBe('tel:+442079460958');
    cleanup();
    render(<SidePanel form={buildFormDetails({ phone: '512-555-01' })} clinic={null} />);
    expect(phoneLink().textContent).toBe('512-555-01');
  });

  it('formats a 10-digit phone written with punctuation', () => {
    render(<SidePanel form={buildFormDetails({ phone: '512.555.0100' })} clinic={null} />);
    expect(phoneLink().textContent).toBe('(512) 555-0100');
    expect(phoneLink().getAttribute('href')).toBe('tel:5125550100');
  });

  it('leaves out what the practice does not have', () => {
    render(
      <SidePanel
        form={buildFormDetails({ address_line1: null, city: null, state: null, zipcode: null, phone: null })}
        clinic={null}
      />,
    );
    expect(panel().querySelector('address')).toBeNull();
    expect(within(panel()).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('SidePanel with clinic_set_up', () => {
  const form = buildFormDetails({ clinic_set_up: true, display_address: 'Practice HQ', phone: '5125550100' });

  it("uses the selected clinic's address and display_phone, not the practice's", () => {
    render(<SidePanel form={form} clinic={buildClinic({ display_address: '500 Congress Ave, Floor 2' })} />);
    expect(addressText()).toBe('500 Congress Ave, Floor 2');
    expect(phoneLink().textContent).toBe('(512) 555-0111');
    expect(phoneLink().getAttribute('href')).toBe('tel:5125550111');
  });

  it('falls back to pms_address1, then pms_city, pms_state and pms_zip', () => {
    render(<SidePanel form={form} clinic={buildClinic()} />);
    expect(addressText()).toBe('500 Congress Ave');
    cleanup();
    render(
      <SidePanel form={form} clinic={buildClinic({ pms_address1: null, pms_city: 'Round Rock', pms_zip: '78664' })} />,
    );
    expect(addressText()).toBe('Round Rock, TX, 78664');
  });

  it("shows the practice's own address and phone before a clinic is chosen (the location screen)", () => {
    render(<SidePanel form={form} clinic={null} />);
    expect(addressText()).toBe('Practice HQ');
    expect(phoneLink().textContent).toBe('(512) 555-0100');
    expect(panel().querySelector('[data-testid="panel-clinic"]')).toBeNull();
  });

  it("names the chosen clinic under the practice, with the clinic's address after", () => {
    render(
      <SidePanel
        form={form}
        clinic={buildClinic({ display_name: 'Smile Group Brooklyn', pms_address1: '85 Court St' })}
      />,
    );
    const name = panel().querySelector('[data-testid="panel-clinic"]')!;
    expect(name.textContent).toBe('Smile Group Brooklyn');
    expect(name.compareDocumentPosition(panel().querySelector('address')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(addressText()).toBe('85 Court St');
    cleanup();
    render(<SidePanel form={form} clinic={buildClinic({ display_name: ' ', pms_abbr: 'BK' })} />);
    expect(panel().querySelector('[data-testid="panel-clinic"]')!.textContent).toBe('BK');
  });

  it("offers 'Change location' beside the chosen clinic when the page allows it", async () => {
    const user = userEvent.setup();
    const onChangeLocation = vi.fn();
    render(<SidePanel form={form} clinic={buildClinic()} onChangeLocation={onChangeLocation} />);
    await user.click(within(panel()).getByRole('button', { name: 'Change location' }));
    expect(onChangeLocation).toHaveBeenCalledTimes(1);
    cleanup();
    render(<SidePanel form={form} clinic={null} onChangeLocation={onChangeLocation} />);
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('SidePanel on a page with its own heading', () => {
  it('names the practice in a paragraph, so the page keeps one h1', () => {
    render(<SidePanel form={buildFormDetails()} clinic={null} isPageHeading={false} />);
    expect(within(panel()).queryByRole('heading')).not.toBeInTheDocument();
    expect(panel().textContent).toContain('Bright Smile Dental');
  });
});

describe('SidePanel branding', () => {
  it('paints the brand colour with readable text, and the default dark slate when the colour is unusable', () => {
    render(
      <SidePanel
        form={buildFormDetails({
          form_customization: { brand_color: '#fde68a', button_color_1: '', button_color_2: '' },
        })}
        clinic={null}
      />,
    );
    expect(panel().style.backgroundColor).toBe('rgb(253, 230, 138)');
    expect(panel().style.color).toBe('rgb(15, 23, 42)');
    cleanup();
    render(
      <SidePanel
        form={buildFormDetails({ form_customization: { brand_color: '', button_color_1: '', button_color_2: '' } })}
        clinic={null}
      />,
    );
    expect(panel().style.backgroundColor).toBe('rgb(51, 65, 85)');
    expect(panel().style.color).toBe('rgb(255, 255, 255)');
  });

  it('shows the logo with the practice name as its text alternative', () => {
    render(<SidePanel form={buildFormDetails({ logo: 'https://cdn.example.com/logo.png' })} clinic={null} />);
    expect(within(panel()).getByRole('img', { name: 'Bright Smile Dental' }).getAttribute('src')).toBe(
      'https://cdn.example.com/logo.png',
    );
  });
});
