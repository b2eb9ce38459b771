// Package customs files pre-clearance declarations for cross-border
// shipments and amendments to them.
package customs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/customsgw"
)

// Repository is the storage the customs service needs.
type Repository interface {
	GetShipment(ctx context.Context, id string) (db.Shipment, error)
	ShipperForShipment(ctx context.Context, shipmentID string) (db.Shipper, error)
	GetFiling(ctx context.Context, id string) (db.CustomsFiling, error)
	InsertFiling(ctx context.Context, arg db.InsertCustomsFilingParams) error
	MarkFilingSubmitted(ctx context.Context, id, entryNumber string, at time.Time) error
	InsertAmendment(ctx context.Context, arg db.InsertCustomsAmendmentParams) error
}

// Gateway is the customs EDI gateway.
type Gateway interface {
	SubmitFiling(ctx context.Context, f customsgw.Filing) (customsgw.Ack, error)
	SubmitAmendment(ctx context.Context, entryNumber string, a customsgw.Amendment) (customsgw.Ack, error)
}

var (
	ErrNotFound             = errors.New("filing not found")
	ErrNotSubmitted         = errors.New("filing has not been accepted yet")
	ErrIdempotencyKeyNeeded = errors.New("Idempotency-Key header is required")
	ErrNoChanges            = errors.New("amendment has no changes")
)

type Service struct {
	repo    Repository
	gateway Gateway
	newID   platform.IDFunc
	now     func() time.Time
}

func NewService(repo Repository, gateway Gateway) *Service {
	return &Service{repo: repo, gateway: gateway, newID: platform.NewULID, now: time.Now}
}

// SubmitPreClearance lodges the pre-arrival declaration for a cross-border
// shipment.
func (s *Service) SubmitPreClearance(ctx context.Context, shipmentID string) error {
	sh, err := s.repo.GetShipment(ctx, shipmentID)
	if err != nil {
		return fmt.Errorf("load shipment: %w", err)
	}
	if !sh.CrossBorder || sh.Status == "cancelled" {
		return nil
	}
	shipper, err := s.repo.ShipperForShipment(ctx, sh.ID)
	if err != nil {
		return fmt.Errorf("load shipper: %w", err)
	}

	filingID := s.newID()
	filing := customsgw.Filing{
		SubmitterReference: filingID,
		ShipmentRef:        sh.ID,
		Importer:           shipper.Name,
		Commodity:          sh.Commodity,
		DeclaredValueCents: sh.PriceCents,
		Currency:           strings.ToUpper(sh.Currency),
		PortOfEntry:        sh.Destination,
		ArrivalETA:         sh.PickupAt.Add(48 * time.Hour),
		TemperatureControl: true,
	}
	payload, err := json.Marshal(filing)
	if err != nil {
		return err
	}

	if err := s.repo.InsertFiling(ctx, db.InsertCustomsFilingParams{
		ID:           filingID,
		ShipmentID:   sh.ID,
		Kind:         "pre_clearance",
		SubmitterRef: filingID,
		Status:       "pending",
		Payload:      payload,
	}); err != nil {
		return fmt.Errorf("record filing: %w", err)
	}

	ack, err := s.gateway.SubmitFiling(ctx, filing)
	if err != nil {
		return fmt.Errorf("submit filing: %w", err)
	}
	return s.repo.MarkFilingSubmitted(ctx, filingID, ack.EntryNumber, s.now())
}

// AmendInput is a request to change an accepted filing.
type AmendInput struct {
	FilingID       string
	IdempotencyKey string
	Changes        map[string]string
	Reason         string
}

// Amend submits an amendment. The caller's idempotency key becomes part of
// the gateway's submitter reference, so a repeated request is recognised by
// the gateway and by our unique constraint on submitter_ref.
func (s *Service) Amend(ctx context.Context, in AmendInput) (customsgw.Ack, error) {
	if in.IdempotencyKey == "" {
		return customsgw.Ack{}, ErrIdempotencyKeyNeeded
	}
	if len(in.Changes) == 0 {
		return customsgw.Ack{}, ErrNoChanges
	}
	orig, err := s.repo.GetFiling(ctx, in.FilingID)
	if db.IsNotFound(err) {
		return customsgw.Ack{}, ErrNotFound
	}
	if err != nil {
		return customsgw.Ack{}, err
	}
	if orig.Status != "submitted" || orig.EntryNumber == nil {
		return customsgw.Ack{}, ErrNotSubmitted
	}

	ref := "amd-" + orig.ID + "-" + in.IdempotencyKey
	amendment := customsgw.Amendment{
		SubmitterReference: ref,
		Changes:            in.Changes,
		Reason:             in.Reason,
	}
	ack, err := s.gateway.SubmitAmendment(ctx, *orig.EntryNumber, amendment)
	if err != nil {
		return customsgw.Ack{}, fmt.Errorf("submit amendment: %w", err)
	}
	payload, err := json.Marshal(amendment)
	if err != nil {
		return customsgw.Ack{}, err
	}
	if err := s.repo.InsertAmendment(ctx, db.InsertCustomsAmendmentParams{
		ID:           s.newID(),
		ShipmentID:   orig.ShipmentID,
		SubmitterRef: ref,
		EntryNumber:  ack.EntryNumber,
		Payload:      payload,
		SubmittedAt:  s.now(),
	}); err != nil {
		return customsgw.Ack{}, fmt.Errorf("record amendment: %w", err)
	}
	return ack, nil
}
