import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

export default function MapRoute() {
  const { data = [] } = useQuery({
    queryKey: ['floor-points'],
    queryFn: () => Promise.resolve([{ id: 'a', lat: 47.6, lng: -122.3 }]),
  });
  return (
    <MapContainer center={[47.6, -122.3]} zoom={10} style={{ height: 400 }}>
      <TileLayer url="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />
      {data.map((p) => (
        <Marker key={p.id} position={[p.lat, p.lng]} />
      ))}
    </MapContainer>
  );
}
