import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FallbackImage } from './fallback-image.tsx';

const PHOTO = 'https://photos.example/fp/abc-p_e.jpg';
const OTHER = 'https://photos.example/fp/def-p_e.jpg';

describe('FallbackImage', () => {
  test('shows the image while it loads', () => {
    render(<FallbackImage src={PHOTO} alt="12 Oak St" className="h-10" />);
    expect(screen.getByRole('img', { name: '12 Oak St' })).toHaveAttribute('src', PHOTO);
    expect(screen.queryByText('No photo')).not.toBeInTheDocument();
  });

  test('a photo that fails to load turns into the "No photo" placeholder, not a broken image', () => {
    const { container } = render(<FallbackImage src={PHOTO} alt="" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('No photo')).toBeInTheDocument();
  });

  test('the placeholder of a described image keeps its description', () => {
    render(<FallbackImage src={PHOTO} alt="12 Oak St (3 of 22)" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: '12 Oak St (3 of 22): no photo' })).toHaveTextContent(
      'No photo',
    );
  });

  test('a new src gets a fresh try after a failure', () => {
    const { container, rerender } = render(<FallbackImage src={PHOTO} alt="" />);
    fireEvent.error(container.querySelector('img')!);
    rerender(<FallbackImage src={OTHER} alt="" />);
    expect(container.querySelector('img')).toHaveAttribute('src', OTHER);
    fireEvent.error(container.querySelector('img')!);
    rerender(<FallbackImage src={PHOTO} alt="" />);
    expect(container.querySelector('img')).toHaveAttribute('src', PHOTO);
  });

  test.each([null, undefined, '', 'javascript:alert(1)', 'ftp://x.example/a.jpg', '/relative.jpg'])(
    'never loads %j: it shows the placeholder',
    (src) => {
      const { container } = render(<FallbackImage src={src} alt="" />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByText('No photo')).toBeInTheDocument();
    },
  );

  test('an inline base64 image is allowed, and the placeholder can be anything', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const { container, rerender } = render(
      <FallbackImage src={logo} alt="" placeholder={<b>?</b>} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', logo);
    rerender(<FallbackImage src="data:text/html;base64,PHA+" alt="" placeholder={<b>?</b>} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('?')).toBeInTheDocument();
  });
});
