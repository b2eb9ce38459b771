// Package servers snapshots servers and licenses them.
package servers

import (
	"context"
	"database/sql"

	"example.com/wiredopts/dc"
)

// Datacenter is the partner.
type Datacenter interface {
	CreateSnapshot(ctx context.Context, serverID, label string, opts ...dc.CallOption) (*dc.Snapshot, error)
	PurchaseLicense(ctx context.Context, serverID, product string) (*dc.License, error)
	CreateVolume(ctx context.Context, req dc.VolumeRequest, opts ...dc.CallOption) (*dc.Snapshot, error)
}

// Service snapshots and licenses servers.
type Service struct {
	DB *sql.DB
	DC Datacenter
}

// Snapshot claims the snapshot's label, then starts it with no key:
// the client's own retries repeat it past the claim.
func (s *Service) Snapshot(ctx context.Context, serverID, label string) error {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO snapshots (server_id, label) VALUES ($1, $2) ON CONFLICT DO NOTHING", serverID, label)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = s.DC.CreateSnapshot(ctx, serverID, label)
	return err
}

// SnapshotKeyed starts it under the snapshot's own key.
func (s *Service) SnapshotKeyed(ctx context.Context, serverID, label string) error {
	_, err := s.DC.CreateSnapshot(ctx, serverID, label, dc.WithIdempotencyKey("snap-"+serverID+"-"+label))
	return err
}

// Volume creates a volume under the server's reference, with no key:
// the reference is not what the partner drops a repeat by.
func (s *Service) Volume(ctx context.Context, serverID string) error {
	_, err := s.DC.CreateVolume(ctx, dc.VolumeRequest{ExternalRef: "vol-" + serverID, SizeGB: 10})
	return err
}

// License buys a licence, then records it.
func (s *Service) License(ctx context.Context, serverID, product string) error {
	lic, err := s.DC.PurchaseLicense(ctx, serverID, product)
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, "INSERT INTO licenses (id, server_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", lic.ID, serverID)
	return err
}
