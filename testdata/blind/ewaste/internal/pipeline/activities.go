package pipeline

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/service"
)

// Error types the workflow does not retry.
const (
	ErrTypeConflict = "Conflict"
	ErrTypeInvalid  = "Invalid"
)

type offers interface {
	PriceFinal(ctx context.Context, tradeInID, deviceID uuid.UUID) (service.FinalOffer, error)
	RecordFinal(ctx context.Context, offer service.FinalOffer) error
	PrepareRevisionNotice(ctx context.Context, offer service.FinalOffer) (*service.RevisionNotice, error)
	RecordRevisionNotice(ctx context.Context, tradeInID uuid.UUID, providerRef string) error
	RequestReturn(ctx context.Context, tradeInID uuid.UUID) (*model.Shipment, error)
	AcceptRevision(ctx context.Context, tradeInID uuid.UUID) error
}

type wipes interface {
	ScheduleWipe(ctx context.Context, deviceID uuid.UUID) (*model.WipeJob, error)
}

type payoutsSvc interface {
	CreateIntent(ctx context.Context, tradeInID uuid.UUID) (*model.Payout, error)
	Submit(ctx context.Context, payoutID uuid.UUID) (*model.Payout, error)
	RecordLedgerEntry(ctx context.Context, payoutID uuid.UUID) error
	CreditStoreBalance(ctx context.Context, tradeInID uuid.UUID) (int64, error)
}

type payoutReader interface {
	Get(ctx context.Context, id uuid.UUID) (*model.Payout, error)
}

type smsSender interface {
	SendSMS(ctx context.Context, phone, text string) (string, error)
}

type eventPublisher interface {
	Publish(ctx context.Context, topic string, env messaging.Envelope, groupID, dedupID string) (string, error)
}

// Activities are registered on the worker as a struct so each method is an
// activity named after it.
type Activities struct {
	Offers    offers
	Wipes     wipes
	Payouts   payoutsSvc
	PayoutDB  payoutReader
	Publisher eventPublisher
	SMS       smsSender
}

// classify turns service errors the workflow should not retry into
// non-retryable application errors.
func classify(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, service.ErrConflict):
		return temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeConflict, err)
	case errors.Is(err, service.ErrInvalid):
		return temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeInvalid, err)
	default:
		return err
	}
}

func (a *Activities) PriceFinalOffer(ctx context.Context, in Input) (service.FinalOffer, error) {
	offer, err := a.Offers.PriceFinal(ctx, in.TradeInID, in.DeviceID)
	return offer, classify(err)
}

func (a *Activities) RecordFinalOffer(ctx context.Context, offer service.FinalOffer) error {
	return classify(a.Offers.RecordFinal(ctx, offer))
}

// NotifyOfferRevised texts the customer about a revised offer.
func (a *Activities) NotifyOfferRevised(ctx context.Context, offer service.FinalOffer) error {
	notice, err := a.Offers.PrepareRevisionNotice(ctx, offer)
	if err != nil || notice == nil {
		return classify(err)
	}
	ref, err := a.SMS.SendSMS(ctx, notice.Phone, notice.Text)
	if err != nil {
		return err
	}
	activity.GetLogger(ctx).Info("revision notice sent", "trade_in_id", offer.TradeInID, "ref", ref)
	return classify(a.Offers.RecordRevisionNotice(ctx, offer.TradeInID, ref))
}

func (a *Activities) RequestReturnShipment(ctx context.Context, tradeInID uuid.UUID) error {
	sh, err := a.Offers.RequestReturn(ctx, tradeInID)
	if err == nil {
		activity.GetLogger(ctx).Info("return label issued", "trade_in_id", tradeInID, "tracking", sh.TrackingNumber)
	}
	return classify(err)
}

func (a *Activities) AcceptRevisedOffer(ctx context.Context, tradeInID uuid.UUID) error {
	return classify(a.Offers.AcceptRevision(ctx, tradeInID))
}

func (a *Activities) ScheduleDataWipe(ctx context.Context, deviceID uuid.UUID) error {
	_, err := a.Wipes.ScheduleWipe(ctx, deviceID)
	return classify(err)
}

func (a *Activities) CreditStoreBalance(ctx context.Context, tradeInID uuid.UUID) (int64, error) {
	amount, err := a.Payouts.CreditStoreBalance(ctx, tradeInID)
	return amount, classify(err)
}

func (a *Activities) CreatePayoutIntent(ctx context.Context, tradeInID uuid.UUID) (uuid.UUID, error) {
	p, err := a.Payouts.CreateIntent(ctx, tradeInID)
	if err != nil {
		return uuid.Nil, classify(err)
	}
	return p.ID, nil
}

func (a *Activities) SubmitPayout(ctx context.Context, payoutID uuid.UUID) error {
	_, err := a.Payouts.Submit(ctx, payoutID)
	return classify(err)
}

func (a *Activities) RecordLedgerEntry(ctx context.Context, payoutID uuid.UUID) error {
	return classify(a.Payouts.RecordLedgerEntry(ctx, payoutID))
}

// PublishPayoutSubmitted announces the submitted payout to downstream
// consumers (finance exports, customer timeline). The envelope id and the
// FIFO de-duplication id are both derived from the payout.
func (a *Activities) PublishPayoutSubmitted(ctx context.Context, payoutID uuid.UUID) error {
	p, err := a.PayoutDB.Get(ctx, payoutID)
	if err != nil {
		return classify(err)
	}
	eventID := ids.Derived(messaging.TypePayoutSubmitted, p.ID.String())
	env := messaging.Envelope{
		ID:         eventID,
		Type:       messaging.TypePayoutSubmitted,
		OccurredAt: p.UpdatedAt,
		Payload: json.RawMessage(model.MustJSON(messaging.PayoutEvent{
			PayoutID: p.ID, TradeInID: p.TradeInID, AmountCents: p.AmountCents,
			Currency: p.Currency, Status: p.Status,
		})),
	}
	_, err = a.Publisher.Publish(ctx, messaging.TopicEvents, env, p.TradeInID.String(), eventID)
	return err
}
