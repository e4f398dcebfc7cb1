// Avatar with an image when there is one, else a letter on the name's preset gradient (SPEC §2 shared pieces, §9).
import type { ReactNode } from 'react';
import { Avatar, type SxProps, type Theme } from '@mui/material';
import { avatarGradient } from './avatarGradient';

interface GradientAvatarProps {
  /** Picks the gradient; also the image's alt text. */
  seed: string | null | undefined;
  src?: string | null;
  size?: number;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

export function GradientAvatar({ seed, src, size = 32, children, sx }: GradientAvatarProps) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={src ? (seed ?? '') : undefined}
      sx={[
        {
          width: size,
          height: size,
          fontSize: Math.round(size * 0.45),
          color: '#fff',
          background: avatarGradient(seed),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Avatar>
  );
}
