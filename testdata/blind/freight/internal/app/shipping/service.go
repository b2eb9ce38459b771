// Package shipping implements booking and lifecycle changes of shipments.
package shipping

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/acme/freight/internal/billing"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
)

type ShipmentStore interface {
	Insert(ctx context.Context, s *domain.Shipment) error
	Get(ctx context.Context, id string) (*domain.Shipment, error)
	UpdateConsignee(ctx context.Context, id string, consignee domain.Address) error
	SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error
}

type IdempotencyStore interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, *domain.StoredResponse, error)
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
}

type DockReleaser interface {
	ReleaseForShipment(ctx context.Context, shipmentID string) error
}

type Refunder interface {
	Refund(ctx context.Context, in billing.RefundInput) (string, error)
}

type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	tx        TxManager
	shipments ShipmentStore
	idem      IdempotencyStore
	docks     DockReleaser
	payments  Refunder

	newID  func() string
	newRef func() string
	now    func() time.Time
}

func NewService(tx TxManager, shipments ShipmentStore, idem IdempotencyStore, docks DockReleaser, payments Refunder) *Service {
	return &Service{
		tx:        tx,
		shipments: shipments,
		idem:      idem,
		docks:     docks,
		payments:  payments,
		newID:     idgen.UUID,
		newRef:    func() string { return idgen.Reference("FRT") },
		now:       time.Now,
	}
}

type CreateCommand struct {
	ShipperID     string         `json:"shipper_id"`
	OrderRef      string         `json:"order_ref"`
	Carrier       string         `json:"carrier"`
	ServiceLevel  string         `json:"service_level"`
	Origin        domain.Address `json:"origin"`
	Destination   domain.Address `json:"destination"`
	Consignee     domain.Address `json:"consignee"`
	WeightGrams   int            `json:"weight_grams"`
	DeclaredCents int64          `json:"declared_cents"`
	Currency      string         `json:"currency"`
}

func (c CreateCommand) Validate() error {
	var missing []string
	if c.ShipperID == "" {
		missing = append(missing, "shipper_id")
	}
	if c.OrderRef == "" {
		missing = append(missing, "order_ref")
	}
	if c.Carrier != "parcelco" && c.Carrier != "swiftfreight" {
		missing = append(missing, "carrier")
	}
	if c.WeightGrams <= 0 {
		missing = append(missing, "weight_grams")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: invalid fields: %s", domain.ErrInvalid, strings.Join(missing, ", "))
	}
	return nil
}

func (s *Service) build(cmd CreateCommand) *domain.Shipment {
	currency := cmd.Currency
	if currency == "" {
		currency = "usd"
	}
	return &domain.Shipment{
		ID:            s.newID(),
		Reference:     s.newRef(),
		ShipperID:     cmd.ShipperID,
		OrderRef:      cmd.OrderRef,
		Status:        domain.StatusBooked,
		Carrier:       cmd.Carrier,
		ServiceLevel:  cmd.ServiceLevel,
		Origin:        cmd.Origin,
		Destination:   cmd.Destination,
		Consignee:     cmd.Consignee,
		WeightGrams:   cmd.WeightGrams,
		DeclaredCents: cmd.DeclaredCents,
		Currency:      currency,
		CreatedAt:     s.now().UTC(),
	}
}

func requestHash(v any) string {
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Create books a shipment. The Idempotency-Key is claimed in the same
// transaction that inserts the shipment, so a retried request either sees the
// stored response or performs the booking, never both.
func (s *Service) Create(ctx context.Context, idemKey string, cmd CreateCommand) (*domain.Shipment, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	scope := "shipments.create:" + cmd.ShipperID
	hash := requestHash(cmd)
	var out *domain.Shipment
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, stored, err := s.idem.Claim(ctx, scope, idemKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if stored.RequestHash != hash {
				return fmt.Errorf("%w: Idempotency-Key was used with a different request", domain.ErrConflict)
			}
			var prev domain.Shipment
			if err := json.Unmarshal(stored.Body, &prev); err != nil {
				return fmt.Errorf("decode stored response: %w", err)
			}
			out = &prev
			return nil
		}
		sh := s.build(cmd)
		if err := s.shipments.Insert(ctx, sh); err != nil {
			return err
		}
		body, err := json.Marshal(sh)
		if err != nil {
			return err
		}
		if err := s.idem.Complete(ctx, scope, idemKey, http.StatusCreated, body); err != nil {
			return err
		}
		out = sh
		return nil
	})
	return out, err
}

// Import books a batch of shipments from a shipper's order export.
func (s *Service) Import(ctx context.Context, shipperID string, rows []CreateCommand) ([]*domain.Shipment, error) {
	out := make([]*domain.Shipment, 0, len(rows))
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		for i, row := range rows {
			row.ShipperID = shipperID
			if err := row.Validate(); err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			sh := s.build(row)
			if err := s.shipments.Insert(ctx, sh); err != nil {
				return fmt.Errorf("row %d (order %s): %w", i+1, row.OrderRef, err)
			}
			out = append(out, sh)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateConsignee replaces the consignee contact of a not-yet-shipped shipment.
func (s *Service) UpdateConsignee(ctx context.Context, id string, consignee domain.Address) (*domain.Shipment, error) {
	if consignee.Name == "" || consignee.Line1 == "" {
		return nil, fmt.Errorf("%w: consignee name and line1 are required", domain.ErrInvalid)
	}
	if err := s.shipments.UpdateConsignee(ctx, id, consignee); err != nil {
		return nil, err
	}
	return s.shipments.Get(ctx, id)
}

const cancellationFeeCents = 500

// Cancel cancels a booked shipment: refunds the prepayment less the
// cancellation fee, marks the shipment cancelled and frees its dock slots.
func (s *Service) Cancel(ctx context.Context, id, reason string) (*domain.Shipment, error) {
	sh, err := s.shipments.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch sh.Status {
	case domain.StatusCancelled:
		return nil, domain.ErrAlreadyCanceled
	case domain.StatusInTransit, domain.StatusDelivered:
		return nil, fmt.Errorf("%w: shipment is %s", domain.ErrConflict, sh.Status)
	}
	if refund := sh.PaidCents - cancellationFeeCents; sh.PaymentIntentID != "" && refund > 0 {
		if _, err := s.payments.Refund(ctx, billing.RefundInput{
			PaymentIntentID: sh.PaymentIntentID,
			AmountCents:     refund,
			Reason:          "requested_by_customer",
		}); err != nil {
			return nil, fmt.Errorf("refund prepayment: %w", err)
		}
	}
	if err := s.shipments.SetStatus(ctx, id, domain.StatusCancelled); err != nil {
		return nil, err
	}
	if err := s.docks.ReleaseForShipment(ctx, id); err != nil {
		return nil, fmt.Errorf("release dock slots: %w", err)
	}
	sh.Status = domain.StatusCancelled
	slog.InfoContext(ctx, "shipment cancelled", "shipment_id", id, "reason", reason)
	return sh, nil
}
