package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

// RemittancePoster posts 835 remittances from the clearing house.
type RemittancePoster interface {
	Post(ctx context.Context, in RemittanceInput) (RemittanceOutput, error)
}

// RemittanceInput is one 835 check/EFT with the claims it pays.
type RemittanceInput struct {
	TraceNumber string            `json:"trace_number"`
	PayerID     string            `json:"payer_id"`
	PaidDate    string            `json:"paid_date"`
	Claims      []RemittanceClaim `json:"claims"`
}

// RemittanceClaim is one CLP loop.
type RemittanceClaim struct {
	SubmitterClaimRef string `json:"submitter_claim_ref"`
	Status            string `json:"status"`
	PaidCents         int64  `json:"paid_cents"`
	PatientRespCents  int64  `json:"patient_responsibility_cents"`
	AdjustmentCents   int64  `json:"contractual_adjustment_cents"`
}

type RemittanceOutput struct {
	Posted        int
	AlreadyPosted int
	Unmatched     []string
}

type remittancePoster struct {
	claims     *database.Repository[models.Claim]
	associates *database.Repository[models.Associate]
	payments   *database.Repository[models.InsurancePayment]
	ledger     *database.Repository[models.LedgerEntry]
	accounts   *database.Repository[models.PatientAccount]
	earnings   *database.Repository[models.AssociateEarning]
	now        func() time.Time
}

// NewRemittancePoster wires remittance posting.
func NewRemittancePoster(db *gorm.DB) RemittancePoster {
	return &remittancePoster{
		claims:     database.NewRepository[models.Claim](db),
		associates: database.NewRepository[models.Associate](db),
		payments:   database.NewRepository[models.InsurancePayment](db),
		ledger:     database.NewRepository[models.LedgerEntry](db),
		accounts:   database.NewRepository[models.PatientAccount](db),
		earnings:   database.NewRepository[models.AssociateEarning](db),
		now:        func() time.Time { return time.Now().UTC() },
	}
}

// ParseClaimRef splits a patient control number "<claim uuid>.<resubmission>".
func ParseClaimRef(ref string) (uuid.UUID, error) {
	id, _, _ := strings.Cut(ref, ".")
	return uuid.Parse(id)
}

func (p *remittancePoster) Post(ctx context.Context, in RemittanceInput) (RemittanceOutput, error) {
	var out RemittanceOutput
	for _, rc := range in.Claims {
		claimID, err := ParseClaimRef(rc.SubmitterClaimRef)
		if err != nil {
			out.Unmatched = append(out.Unmatched, rc.SubmitterClaimRef)
			continue
		}
		claim, err := p.claims.Get(ctx, claimID)
		if errors.Is(err, database.ErrNotFound) {
			out.Unmatched = append(out.Unmatched, rc.SubmitterClaimRef)
			continue
		}
		if err != nil {
			return out, err
		}

		ip := models.InsurancePayment{
			ID:               uuid.New(),
			ClaimID:          claim.ID,
			TraceNumber:      in.TraceNumber,
			PayerID:          in.PayerID,
			PaidCents:        rc.PaidCents,
			PatientRespCents: rc.PatientRespCents,
			AdjustmentCents:  rc.AdjustmentCents,
			ReceivedAt:       p.now(),
		}
		inserted, err := p.payments.CreateOrSkip(ctx, &ip, "claim_id", "trace_number")
		if err != nil {
			return out, fmt.Errorf("record insurance payment: %w", err)
		}
		if !inserted {
			out.AlreadyPosted++
			continue
		}

		status := models.ClaimPaid
		if rc.Status == "denied" {
			status = models.ClaimDenied
		}
		if _, err := p.claims.UpdateWhere(ctx,
			map[string]any{"status": status, "paid_cents": gorm.Expr("paid_cents + ?", rc.PaidCents), "updated_at": p.now()},
			"id = ?", claim.ID); err != nil {
			return out, fmt.Errorf("update claim %s: %w", claim.ID, err)
		}

		credit := rc.PaidCents + rc.AdjustmentCents
		if credit > 0 {
			entry := models.LedgerEntry{
				ID:          uuid.New(),
				PatientID:   claim.PatientID,
				Kind:        models.LedgerInsurancePayment,
				AmountCents: -credit,
				Reference:   in.TraceNumber,
			}
			if err := p.ledger.Create(ctx, &entry); err != nil {
				return out, err
			}
			if _, err := p.accounts.UpdateWhere(ctx,
				map[string]any{"balance_cents": gorm.Expr("balance_cents - ?", credit), "updated_at": p.now()},
				"patient_id = ?", claim.PatientID); err != nil {
				return out, fmt.Errorf("credit patient balance: %w", err)
			}
		}

		if rc.PaidCents > 0 {
			if err := p.recordEarning(ctx, *claim, in.TraceNumber, rc.PaidCents); err != nil {
				return out, err
			}
		}
		out.Posted++
	}
	return out, nil
}

func (p *remittancePoster) recordEarning(ctx context.Context, claim models.Claim, trace string, paid int64) error {
	assoc, err := p.associates.Get(ctx, claim.AssociateID)
	if err != nil {
		return err
	}
	earning := models.AssociateEarning{
		ID:          uuid.New(),
		AssociateID: assoc.ID,
		Source:      models.EarningInsurancePayment,
		SourceRef:   trace + ":" + claim.ID.String(),
		AmountCents: paid * int64(assoc.CollectionBps) / 10000,
		EarnedAt:    p.now(),
	}
	_, err = p.earnings.CreateOrSkip(ctx, &earning, "associate_id", "source", "source_ref")
	return err
}
