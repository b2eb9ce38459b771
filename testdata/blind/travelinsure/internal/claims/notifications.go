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
	"github.com/skyguard-travel/policyhub/internal/providers/partnerapi"
	"github.com/skyguard-travel/policyhub/internal/providers/smsgw"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Notifier handles the claim notification tasks.
type Notifier interface {
	HandleAcknowledge(ctx context.Context, t *asynq.Task) error
	HandlePartnerStatus(ctx context.Context, t *asynq.Task) error
}

type notifier struct {
	db       bun.IDB
	claims   *repository.Repository[models.Claim]
	policies *repository.Repository[models.Policy]
	partners *repository.Repository[models.Partner]
	sms      smsgw.Sender
	gateway  partnerapi.Gateway
	log      *slog.Logger
}

// NewNotifier returns the claim notification handlers.
func NewNotifier(db bun.IDB, sms smsgw.Sender, gw partnerapi.Gateway, log *slog.Logger) Notifier {
	return &notifier{
		db:       db,
		claims:   repository.New[models.Claim](db),
		policies: repository.New[models.Policy](db),
		partners: repository.New[models.Partner](db),
		sms:      sms,
		gateway:  gw,
		log:      log,
	}
}

func (n *notifier) HandleAcknowledge(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.ClaimPayload](t)
	if err != nil {
		return err
	}
	claim, err := n.claims.Get(ctx, payload.ClaimID)
	if err != nil {
		return err
	}
	if claim.AcknowledgedAt != nil {
		return nil
	}
	pol, err := n.policies.Get(ctx, claim.PolicyID)
	if err != nil {
		return err
	}
	if pol.TravellerPhone == "" {
		n.log.InfoContext(ctx, "no phone for claim acknowledgement", "claim", claim.ClaimNumber)
		return nil
	}

	msgID, err := n.sms.Send(ctx, smsgw.Message{
		To: pol.TravellerPhone,
		Body: fmt.Sprintf("SkyGuard: we have received your claim %s on policy %s. We will be in touch within 5 working days.",
			claim.ClaimNumber, pol.PolicyNumber),
	})
	if err != nil {
		return err
	}

	_, err = n.db.NewUpdate().Model((*models.Claim)(nil)).
		Set("acknowledged_at = ?", time.Now().UTC()).
		Set("ack_message_id = ?", msgID).
		Where("id = ?", claim.ID).
		Exec(ctx)
	return err
}

func (n *notifier) HandlePartnerStatus(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.ClaimStatusPayload](t)
	if err != nil {
		return err
	}
	claim, err := n.claims.Get(ctx, payload.ClaimID)
	if err != nil {
		return err
	}
	pol, err := n.policies.Get(ctx, claim.PolicyID)
	if err != nil {
		return err
	}
	partner, err := n.partners.Get(ctx, pol.PartnerID)
	if err != nil {
		return err
	}
	if !partner.Active {
		return nil
	}

	update := partnerapi.ClaimStatusUpdate{
		PolicyNumber: pol.PolicyNumber,
		BookingRef:   pol.PartnerBookingRef,
		ClaimNumber:  claim.ClaimNumber,
		Status:       payload.Status,
		ChangedAt:    payload.ChangedAt,
	}
	if payload.Status == string(models.ClaimApproved) {
		update.AmountMinor = claim.ApprovedAmountMinor
		update.Currency = claim.Currency
	}
	if err := n.gateway.PostClaimStatus(ctx, partner.Code, update, partnerapi.CallOptions{}); err != nil {
		return fmt.Errorf("notify partner %s: %w", partner.Code, err)
	}
	return nil
}
