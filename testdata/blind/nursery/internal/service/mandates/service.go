// Package mandates sets up Bacs direct-debit mandates with the payments
// partner and keeps their status in step with the partner's webhooks.
package mandates

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
)

// Partner is the part of the direct-debit client used here.
type Partner interface {
	CreateMandate(ctx context.Context, req directdebit.MandateRequest, opts ...directdebit.CallOption) (directdebit.Mandate, error)
}

type Service struct {
	q       *db.Queries
	tx      pgtx.Transactor
	partner Partner
}

func NewService(q *db.Queries, tx pgtx.Transactor, partner Partner) *Service {
	return &Service{q: q, tx: tx, partner: partner}
}

type SetupInput struct {
	AccountHolder string
	SortCode      string
	AccountNumber string
}

func (in SetupInput) validate() error {
	sc := strings.ReplaceAll(in.SortCode, "-", "")
	if len(sc) != 6 || len(in.AccountNumber) < 7 || len(in.AccountNumber) > 8 {
		return fmt.Errorf("%w: bank details look wrong", apperr.ErrInvalid)
	}
	return nil
}

// Setup creates a mandate for the family's bank account. A family has one
// live mandate at a time.
func (s *Service) Setup(ctx context.Context, familyID uuid.UUID, in SetupInput) (db.Mandate, error) {
	if err := in.validate(); err != nil {
		return db.Mandate{}, err
	}
	fam, err := s.q.GetFamily(ctx, familyID)
	if err != nil {
		return db.Mandate{}, apperr.NotFoundIfNoRows(err)
	}
	if existing, err := s.q.GetActiveMandateForFamily(ctx, familyID); err == nil {
		return existing, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return db.Mandate{}, err
	}

	given, family := splitName(in.AccountHolder)
	m, err := s.partner.CreateMandate(ctx, directdebit.MandateRequest{
		Customer: directdebit.Customer{
			GivenName:  given,
			FamilyName: family,
			Email:      fam.PrimaryEmail,
		},
		BankAccount: directdebit.BankAccount{
			AccountHolderName: in.AccountHolder,
			SortCode:          strings.ReplaceAll(in.SortCode, "-", ""),
			AccountNumber:     in.AccountNumber,
			CountryCode:       "GB",
		},
		Reference: "ACORN-" + strings.ToUpper(familyID.String()[:8]),
		Metadata:  map[string]string{"family_id": familyID.String()},
	})
	if err != nil {
		return db.Mandate{}, fmt.Errorf("create mandate at partner: %w", err)
	}

	return s.q.CreateMandate(ctx, db.CreateMandateParams{
		ID:               uuid.New(),
		FamilyID:         familyID,
		PartnerMandateID: m.ID,
		Status:           m.Status,
	})
}

// HandleEvent applies a mandate webhook event. The event id is claimed in
// the same transaction as the status change.
func (s *Service) HandleEvent(ctx context.Context, ev directdebit.Event) error {
	status, ok := mandateStatus[ev.Action]
	if !ok {
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		n, err := q.ClaimMandateEvent(ctx, db.ClaimMandateEventParams{
			PartnerEventID: ev.ID,
			MandateID:      ev.Links.Mandate,
			Action:         ev.Action,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = q.SetMandateStatusByPartnerID(ctx, db.SetMandateStatusByPartnerIDParams{
			PartnerMandateID: ev.Links.Mandate,
			Status:           status,
		})
		return err
	})
}

var mandateStatus = map[string]string{
	"submitted": "submitted",
	"active":    "active",
	"failed":    "failed",
	"cancelled": "cancelled",
	"expired":   "expired",
}

func splitName(full string) (given, family string) {
	parts := strings.Fields(full)
	if len(parts) == 0 {
		return "", ""
	}
	if len(parts) == 1 {
		return parts[0], parts[0]
	}
	return strings.Join(parts[:len(parts)-1], " "), parts[len(parts)-1]
}
