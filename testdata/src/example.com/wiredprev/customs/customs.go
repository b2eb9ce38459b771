// Package customs files a shipment's declaration through the gateway
// the composition root wires.
package customs

import (
	"context"

	"example.com/wiredprev/customsgw"
)

// A Shipment is what a declaration is about; FilingRef is the
// reference its declaration is filed under, fixed when it was booked.
type Shipment struct {
	ID, Port, FilingRef string
}

// Shipments finds shipments.
type Shipments interface {
	Get(ctx context.Context, id string) (Shipment, error)
}

// Gateway lodges declarations.
type Gateway interface {
	Submit(ctx context.Context, f customsgw.Filing) error
}

// Service files declarations.
type Service struct {
	Shipments Shipments
	Gateway   Gateway
}

// File lodges the declaration under the shipment's reference, which
// the gateway drops a repeat by.
func (s *Service) File(ctx context.Context, id string) error {
	sh, err := s.Shipments.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.Gateway.Submit(ctx, customsgw.Filing{SubmitterReference: sh.FilingRef, Port: sh.Port})
}

// FileBare lodges it with no reference: a retry files it again.
func (s *Service) FileBare(ctx context.Context, id string) error {
	sh, err := s.Shipments.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.Gateway.Submit(ctx, customsgw.Filing{Port: sh.Port})
}
