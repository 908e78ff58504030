import type { TCoordinates } from '@bizdesk/contract';

const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export const distanceMeters = (a: TCoordinates, b: TCoordinates) => {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
};

type TSitePoint = { id: string; name: string; latitude: number; longitude: number; radiusMeters: number };

/** The nearest site and whether the point lies inside its radius (or inside any other site's). */
export const locate = <T extends TSitePoint>(point: TCoordinates, sites: T[]) => {
  let nearest: { site: T; distance: number } | null = null;
  let inside: { site: T; distance: number } | null = null;
  for (const site of sites) {
    const distance = distanceMeters(point, site);
    if (!nearest || distance < nearest.distance) nearest = { site, distance };
    if (distance <= site.radiusMeters && (!inside || distance < inside.distance)) inside = { site, distance };
  }
  return { nearest, inside };
};
