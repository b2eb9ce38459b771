// Package remittance applies insurers' claim payments (remittance advice)
// to claims and to the clinic statement.
package remittance

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/ledger"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type Inbox interface {
	Claim(ctx context.Context, callbackID, kind string) (bool, error)
}

type ClaimStore interface {
	GetByNumber(ctx context.Context, number string) (*models.Claim, error)
	AddPayment(ctx context.Context, id uuid.UUID, cents int64) error
}

type TripReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Trip, error)
}

type Ledger interface {
	Append(ctx context.Context, entries ...*models.LedgerEntry) error
}

type Service struct {
	tx     database.Transactor
	inbox  Inbox
	claims ClaimStore
	trips  TripReader
	ledger Ledger
}

func NewService(tx database.Transactor, inbox Inbox, claims ClaimStore, trips TripReader, l Ledger) *Service {
	return &Service{tx: tx, inbox: inbox, claims: claims, trips: trips, ledger: l}
}

type Remittance struct {
	CallbackID  string
	ClaimNumber string
	PaidCents   int64
	TraceNumber string
}

// Apply books a remittance once per partner callback id.
func (s *Service) Apply(ctx context.Context, r Remittance) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Claim(ctx, r.CallbackID, "claim.remittance")
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		claim, err := s.claims.GetByNumber(ctx, r.ClaimNumber)
		if err != nil {
			return err
		}
		if err := s.claims.AddPayment(ctx, claim.ID, r.PaidCents); err != nil {
			return err
		}
		trip, err := s.trips.Get(ctx, claim.TripID)
		if err != nil {
			return err
		}
		entries := ledger.Entries(trip.ID, trip.ClinicID, ledger.Line{
			Kind:        ledger.KindInsurerPayment,
			AmountCents: -r.PaidCents,
			Memo:        fmt.Sprintf("remittance %s for %s", r.TraceNumber, claim.ClaimNumber),
		})
		return s.ledger.Append(ctx, entries...)
	})
}
