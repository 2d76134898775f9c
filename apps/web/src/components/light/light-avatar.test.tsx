// @vitest-environment jsdom
/**
 * LightAvatar (issue 17): shows the image when given one, the text (a letter) otherwise, and falls back
 * to the text when the image fails to load.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightAvatar } from './light-avatar.tsx';

describe('LightAvatar', () => {
  afterEach(() => cleanup());

  it('shows the letter without an image', () => {
    const { container } = render(<LightAvatar size={30}>演</LightAvatar>);
    expect(screen.getByText('演')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the image, and the letter once the image fails', () => {
    const { container } = render(
      <LightAvatar size={30} src="/a.png">
        演
      </LightAvatar>,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/a.png');
    expect(screen.queryByText('演')).toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('演')).toBeTruthy();
  });
});
