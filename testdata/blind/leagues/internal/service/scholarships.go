package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/store"
)

// ScholarshipManager implements ScholarshipService.
type ScholarshipManager struct {
	db     *gorm.DB
	regs   store.RegistrationRepo
	awards store.ScholarshipRepo
	ledger store.LedgerRepo
	newID  ids.Generator
	now    func() time.Time
}

// NewScholarshipManager builds the service.
func NewScholarshipManager(db *gorm.DB, regs store.RegistrationRepo, awards store.ScholarshipRepo, ledger store.LedgerRepo) *ScholarshipManager {
	return &ScholarshipManager{db: db, regs: regs, awards: awards, ledger: ledger, newID: ids.NewUUID, now: time.Now}
}

var scholarshipFunds = map[string]bool{
	"general":         true,
	"booster_club":    true,
	"city_rec_grant":  true,
	"coach_volunteer": true,
}

// Award applies a scholarship to a registration. A registration receives at
// most one award; a registration whose balance reaches zero is confirmed.
func (s *ScholarshipManager) Award(ctx context.Context, registrationID string, in AwardInput) (*store.ScholarshipAward, error) {
	fund := strings.ToLower(strings.TrimSpace(in.Fund))
	if !scholarshipFunds[fund] {
		return nil, invalid("fund", "unknown scholarship fund")
	}
	if in.AmountCents <= 0 {
		return nil, invalid("amount_cents", "must be positive")
	}
	if strings.TrimSpace(in.ApprovedBy) == "" {
		return nil, invalid("approved_by", "is required")
	}

	var award *store.ScholarshipAward
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		regs := s.regs.WithTx(tx)
		reg, err := regs.GetForUpdate(ctx, registrationID)
		if err != nil {
			return notFound(err)
		}
		if !reg.Active() {
			return fmt.Errorf("%w: registration is %s", ErrInvalidState, reg.Status)
		}
		maxAward := reg.FeeCents - reg.DiscountCents
		if in.AmountCents > maxAward {
			return invalid("amount_cents", "exceeds the fee after discounts")
		}

		award = &store.ScholarshipAward{
			ID:             s.newID(),
			RegistrationID: reg.ID,
			Fund:           fund,
			AmountCents:    in.AmountCents,
			ApprovedBy:     in.ApprovedBy,
			Note:           in.Note,
		}
		if err := s.awards.WithTx(tx).Create(ctx, award); err != nil {
			if errors.Is(err, store.ErrDuplicate) {
				return fmt.Errorf("%w: registration already has a scholarship", ErrConflict)
			}
			return err
		}
		if err := regs.SetPricing(ctx, reg.ID, reg.DiscountCents, in.AmountCents); err != nil {
			return err
		}
		if err := s.ledger.WithTx(tx).Append(ctx, &store.LedgerEntry{
			ID:             s.newID(),
			HouseholdID:    reg.HouseholdID,
			RegistrationID: reg.ID,
			EntryType:      "scholarship",
			AmountCents:    in.AmountCents,
			Description:    "Scholarship (" + fund + ")",
		}); err != nil {
			return err
		}
		if reg.FeeCents-reg.DiscountCents-in.AmountCents-reg.PaidCents <= 0 {
			if _, err := regs.TransitionStatus(ctx, reg.ID, []string{store.RegPendingPayment}, store.RegConfirmed); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return award, nil
}
