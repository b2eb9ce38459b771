package parametric

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/bankpay"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// PayoutHandler sends delay benefits to travellers.
type PayoutHandler interface {
	HandlePayout(ctx context.Context, t *asynq.Task) error
}

type payoutHandler struct {
	db        *bun.DB
	payouts   *repository.Repository[models.Payout]
	attempts  *repository.Repository[models.PayoutAttempt]
	claims    *repository.Repository[models.ParametricClaim]
	transfers bankpay.Transferer
	log       *slog.Logger
}

// NewPayoutHandler returns the parametric:payout handler.
func NewPayoutHandler(db *bun.DB, transfers bankpay.Transferer, log *slog.Logger) PayoutHandler {
	return &payoutHandler{
		db:        db,
		payouts:   repository.New[models.Payout](db),
		attempts:  repository.New[models.PayoutAttempt](db),
		claims:    repository.New[models.ParametricClaim](db),
		transfers: transfers,
		log:       log,
	}
}

func (h *payoutHandler) HandlePayout(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.PayoutPayload](t)
	if err != nil {
		return err
	}
	po, err := h.payouts.Get(ctx, payload.PayoutID)
	if err != nil {
		return err
	}
	if po.Status == models.PayoutPaid || po.ParametricClaimID == nil {
		return nil
	}
	pc, err := h.claims.Get(ctx, *po.ParametricClaimID)
	if err != nil {
		return err
	}

	attempt := &models.PayoutAttempt{
		ID:        uuid.New(),
		PayoutID:  po.ID,
		StartedAt: time.Now().UTC(),
		Outcome:   "started",
	}
	if err := h.attempts.Insert(ctx, attempt); err != nil {
		return err
	}

	transfer, err := h.transfers.CreateTransfer(ctx, bankpay.TransferRequest{
		EndToEndID:     po.ID.String(),
		AmountMinor:    po.AmountMinor,
		Currency:       po.Currency,
		CreditorIBAN:   po.CreditorIBAN,
		CreditorName:   po.CreditorName,
		RemittanceInfo: fmt.Sprintf("SkyGuard flight delay %s", pc.FlightID),
	})
	h.finishAttempt(ctx, attempt, err)
	if err != nil {
		return err
	}

	now := time.Now().UTC()
	if _, err := h.db.NewUpdate().Model((*models.Payout)(nil)).
		Set("status = ?", models.PayoutPaid).
		Set("provider_transfer_id = ?", transfer.ID).
		Set("paid_at = ?", now).
		Set("updated_at = ?", now).
		Where("id = ?", po.ID).
		Exec(ctx); err != nil {
		return fmt.Errorf("mark payout paid: %w", err)
	}
	if _, err := h.db.NewUpdate().Model((*models.ParametricClaim)(nil)).
		Set("status = ?", models.ParametricSettled).
		Set("settled_at = ?", now).
		Where("id = ?", pc.ID).
		Exec(ctx); err != nil {
		return fmt.Errorf("settle parametric claim: %w", err)
	}
	return nil
}

func (h *payoutHandler) finishAttempt(ctx context.Context, a *models.PayoutAttempt, callErr error) {
	now := time.Now().UTC()
	a.FinishedAt = &now
	a.Outcome = "succeeded"
	if callErr != nil {
		a.Outcome = "failed"
		a.Error = callErr.Error()
	}
	if err := h.attempts.Update(ctx, a, "finished_at", "outcome", "error"); err != nil {
		h.log.WarnContext(ctx, "record payout attempt", "payout", a.PayoutID, "err", err)
	}
}
