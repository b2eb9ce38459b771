package claims

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/bankpay"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// PayoutHandler pays approved claims to the traveller's bank account.
type PayoutHandler interface {
	HandleClaimPayout(ctx context.Context, t *asynq.Task) error
}

type payoutHandler struct {
	db        *bun.DB
	payouts   *repository.Repository[models.Payout]
	claims    *repository.Repository[models.Claim]
	transfers bankpay.Transferer
	log       *slog.Logger
}

// NewPayoutHandler returns the claim:payout handler.
func NewPayoutHandler(db *bun.DB, transfers bankpay.Transferer, log *slog.Logger) PayoutHandler {
	return &payoutHandler{
		db:        db,
		payouts:   repository.New[models.Payout](db),
		claims:    repository.New[models.Claim](db),
		transfers: transfers,
		log:       log,
	}
}

func (h *payoutHandler) HandleClaimPayout(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.PayoutPayload](t)
	if err != nil {
		return err
	}
	po, err := h.payouts.Get(ctx, payload.PayoutID)
	if err != nil {
		return err
	}
	if po.Status == models.PayoutPaid || po.ClaimID == nil {
		return nil
	}
	claim, err := h.claims.Get(ctx, *po.ClaimID)
	if err != nil {
		return err
	}

	transfer, err := h.transfers.CreateTransfer(ctx, bankpay.TransferRequest{
		AmountMinor:    po.AmountMinor,
		Currency:       po.Currency,
		CreditorIBAN:   po.CreditorIBAN,
		CreditorName:   po.CreditorName,
		RemittanceInfo: "SkyGuard claim " + claim.ClaimNumber,
	})
	if err != nil {
		return fmt.Errorf("transfer for claim %s: %w", claim.ClaimNumber, err)
	}

	now := time.Now().UTC()
	return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model((*models.Payout)(nil)).
			Set("status = ?", models.PayoutPaid).
			Set("provider_transfer_id = ?", transfer.ID).
			Set("paid_at = ?", now).
			Set("updated_at = ?", now).
			Where("id = ?", po.ID).
			Where("status <> ?", models.PayoutPaid).
			Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*models.Claim)(nil)).
			Set("status = ?", models.ClaimPaid).
			Set("updated_at = ?", now).
			Where("id = ?", claim.ID).
			Where("status = ?", models.ClaimApproved).
			Exec(ctx); err != nil {
			return err
		}
		return recordStatus(ctx, tx, claim.ID, models.ClaimPaid, "system:payout", transfer.ID)
	})
}
