package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/idempotency"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/partners"
	"github.com/brightlane/adbilling/internal/providers/payout"
	"github.com/brightlane/adbilling/internal/repository"
)

type PayoutService struct {
	tx            db.TxManager
	payouts       repository.Payouts
	publishers    repository.Publishers
	webhooks      repository.WebhookDeliveries
	idem          idempotency.Store
	outbox        outbox.Writer
	provider      payout.Client
	notifier      partners.Notifier
	sourceAccount string
	minPayout     domain.Micros
	log           *slog.Logger
	now           func() time.Time
}

func NewPayoutService(
	tx db.TxManager,
	payouts repository.Payouts,
	publishers repository.Publishers,
	webhooks repository.WebhookDeliveries,
	idem idempotency.Store,
	ob outbox.Writer,
	provider payout.Client,
	notifier partners.Notifier,
	cfg *config.Config,
	log *slog.Logger,
) *PayoutService {
	return &PayoutService{
		tx: tx, payouts: payouts, publishers: publishers, webhooks: webhooks, idem: idem,
		outbox: ob, provider: provider, notifier: notifier,
		sourceAccount: cfg.PayoutSourceAcc, minPayout: domain.Micros(cfg.MinPayoutMicros),
		log: log.With("service", "payouts"), now: time.Now,
	}
}

type RunSummary struct {
	Period    string
	Scheduled int
	Paid      int
	Failed    int
}

// RunPeriod schedules a payout for every publisher whose available balance
// reaches the minimum and submits all unsettled payouts of the period.
func (s *PayoutService) RunPeriod(ctx context.Context, period string) (RunSummary, error) {
	sum := RunSummary{Period: period}
	if _, _, err := PeriodBounds(period); err != nil {
		return sum, err
	}
	pubs, err := s.publishers.ListEligibleForPayout(ctx, s.minPayout)
	if err != nil {
		return sum, err
	}
	for _, pub := range pubs {
		po := domain.Payout{
			ID:          ids.Derive("po", pub.ID, period),
			PublisherID: pub.ID,
			Kind:        domain.PayoutScheduled,
			Period:      period,
			Amount:      pub.Available,
			Currency:    pub.Currency,
			Status:      domain.PayoutStatusScheduled,
		}
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			inserted, err := s.payouts.InsertIfAbsent(ctx, po)
			if err != nil || !inserted {
				return err
			}
			sum.Scheduled++
			return s.publishers.DebitAvailable(ctx, pub.ID, po.Amount)
		})
		if err != nil {
			return sum, fmt.Errorf("schedule payout for %s: %w", pub.ID, err)
		}
	}

	unsettled, err := s.payouts.ListUnsettled(ctx, period)
	if err != nil {
		return sum, err
	}
	for _, po := range unsettled {
		if err := s.submit(ctx, po, po.ID); err != nil {
			s.log.Error("payout submission failed", "payout_id", po.ID, "err", err)
			sum.Failed++
			continue
		}
		sum.Paid++
	}
	return sum, nil
}

// submit sends the transfer to the provider under the given idempotency key
// and records the outcome.
func (s *PayoutService) submit(ctx context.Context, po domain.Payout, key string) error {
	pub, err := s.publishers.Get(ctx, po.PublisherID)
	if err != nil {
		return err
	}
	if err := s.payouts.MarkSubmitting(ctx, po.ID, key); err != nil {
		return err
	}
	tr, err := s.provider.CreateTransfer(ctx, s.transferRequest(po, pub),
		payout.WithIdempotencyKey(key),
		payout.WithCorrelationID(xid.New().String()),
	)
	s.recordAttempt(ctx, po.ID, key, tr, err)
	if err != nil {
		var perr *payout.Error
		if errors.As(err, &perr) && perr.Status < 500 {
			_ = s.payouts.MarkFailed(ctx, po.ID, perr.Body)
		}
		return err
	}
	if tr.Status == "rejected" {
		return s.payouts.MarkFailed(ctx, po.ID, tr.Reason)
	}
	return s.complete(ctx, po, pub, tr)
}

func (s *PayoutService) transferRequest(po domain.Payout, pub domain.Publisher) payout.TransferRequest {
	ref := "Brightlane payout " + ids.Short(po.ID)
	if po.Period != "" {
		ref += " " + po.Period
	}
	return payout.TransferRequest{
		SourceAccount:      s.sourceAccount,
		DestinationAccount: pub.PayoutAccountID,
		AmountCents:        po.Amount.Cents(),
		Currency:           po.Currency,
		Reference:          ref,
		Metadata:           map[string]string{"payout_id": po.ID, "publisher_id": pub.ID},
	}
}

func (s *PayoutService) recordAttempt(ctx context.Context, payoutID, key string, tr payout.Transfer, callErr error) {
	a := domain.PayoutAttempt{ID: ids.New("patt"), PayoutID: payoutID, IdempotencyKey: key, Outcome: tr.Status}
	if callErr != nil {
		a.Outcome, a.Detail = "error", callErr.Error()
		var perr *payout.Error
		if errors.As(callErr, &perr) {
			a.HTTPStatus = perr.Status
		}
	}
	if err := s.payouts.AppendAttempt(ctx, a); err != nil {
		s.log.Warn("could not record payout attempt", "payout_id", payoutID, "err", err)
	}
}

func (s *PayoutService) complete(ctx context.Context, po domain.Payout, pub domain.Publisher, tr payout.Transfer) error {
	now := s.now().UTC()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		paid, err := s.payouts.MarkPaid(ctx, po.ID, tr.ID, now)
		if err != nil || !paid {
			return err
		}
		return s.outbox.Add(ctx, ids.Derive("evt", po.ID, "completed"), events.TopicPayoutCompleted, events.PayoutCompleted{
			PayoutID: po.ID, PublisherID: pub.ID, PartnerNetworkID: pub.PartnerNetworkID, Period: po.Period,
			AmountMicros: int64(po.Amount), Currency: po.Currency, ProviderTransferID: tr.ID, PaidAt: now,
		})
	})
}

// Retry resubmits a failed or stuck payout on an operator's request.
func (s *PayoutService) Retry(ctx context.Context, payoutID, actor string) (domain.Payout, error) {
	po, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return domain.Payout{}, err
	}
	switch po.Status {
	case domain.PayoutStatusFailed, domain.PayoutStatusSubmitting:
	default:
		return po, fmt.Errorf("payout %s is %s: %w", po.ID, po.Status, domain.ErrInvalidState)
	}
	// The provider answers a reused key with the stored rejection, so each
	// manual retry is submitted under a key of its own.
	attemptKey := ids.New("pr")
	s.log.Info("retrying payout", "payout_id", po.ID, "actor", actor, "attempt", po.Attempt+1)
	if err := s.submit(ctx, po, attemptKey); err != nil {
		return domain.Payout{}, err
	}
	return s.payouts.Get(ctx, po.ID)
}

type InstantPayoutInput struct {
	PublisherID    string
	Amount         domain.Micros
	IdempotencyKey string
}

// Instant pays out part of a publisher's available balance immediately.
func (s *PayoutService) Instant(ctx context.Context, in InstantPayoutInput) (domain.Payout, error) {
	if err := idempotency.ValidateKey(in.IdempotencyKey); err != nil {
		return domain.Payout{}, err
	}
	if in.Amount <= 0 {
		return domain.Payout{}, domain.Invalid("amount_micros", "must be positive")
	}
	pub, err := s.publishers.Get(ctx, in.PublisherID)
	if err != nil {
		return domain.Payout{}, err
	}
	if pub.PayoutAccountID == "" {
		return domain.Payout{}, domain.Invalid("publisher", "has no payout account")
	}

	payoutID := ids.New("po")
	var existing string
	var claimed bool
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		existing, claimed, err = s.idem.Claim(ctx, "payout.instant:"+pub.ID, in.IdempotencyKey, payoutID)
		if err != nil || !claimed {
			return err
		}
		return s.publishers.DebitAvailable(ctx, pub.ID, in.Amount)
	})
	if err != nil {
		return domain.Payout{}, err
	}
	if !claimed {
		return s.payouts.Get(ctx, existing)
	}

	po := domain.Payout{
		ID:          payoutID,
		PublisherID: pub.ID,
		Kind:        domain.PayoutInstant,
		Amount:      in.Amount,
		Currency:    pub.Currency,
		Status:      domain.PayoutStatusSubmitting,
	}
	if err := s.payouts.Insert(ctx, po); err != nil {
		return domain.Payout{}, err
	}
	tr, err := s.provider.CreateTransfer(ctx, s.transferRequest(po, pub))
	s.recordAttempt(ctx, po.ID, "", tr, err)
	if err != nil {
		_ = s.payouts.MarkFailed(ctx, po.ID, err.Error())
		return domain.Payout{}, fmt.Errorf("instant payout %s: %w", po.ID, err)
	}
	if tr.Status == "rejected" {
		if err := s.payouts.MarkFailed(ctx, po.ID, tr.Reason); err != nil {
			return domain.Payout{}, err
		}
	} else if err := s.complete(ctx, po, pub, tr); err != nil {
		return domain.Payout{}, err
	}
	return s.payouts.Get(ctx, po.ID)
}

// payoutStatement is the body partners receive for a completed payout.
type payoutStatement struct {
	StatementID  string    `json:"statement_id"`
	PayoutID     string    `json:"payout_id"`
	PublisherID  string    `json:"publisher_id"`
	Publisher    string    `json:"publisher_name"`
	Period       string    `json:"period,omitempty"`
	AmountMicros int64     `json:"amount_micros"`
	Currency     string    `json:"currency"`
	TransferID   string    `json:"transfer_id"`
	PaidAt       time.Time `json:"paid_at"`
}

// NotifyPartner sends the payout statement to the publisher's partner
// network. The delivery row is written first and its ID is the Webhook-Id.
func (s *PayoutService) NotifyPartner(ctx context.Context, evt events.PayoutCompleted) error {
	if evt.PartnerNetworkID == "" {
		return nil
	}
	partner, err := s.publishers.Partner(ctx, evt.PartnerNetworkID)
	if err != nil {
		return err
	}
	pub, err := s.publishers.Get(ctx, evt.PublisherID)
	if err != nil {
		return err
	}
	deliveryID := ids.Derive("whd", evt.PayoutID, partner.ID)
	payload, err := json.Marshal(payoutStatement{
		StatementID: deliveryID, PayoutID: evt.PayoutID, PublisherID: pub.ID, Publisher: pub.Name,
		Period: evt.Period, AmountMicros: evt.AmountMicros, Currency: evt.Currency,
		TransferID: evt.ProviderTransferID, PaidAt: evt.PaidAt,
	})
	if err != nil {
		return err
	}
	d, err := s.webhooks.Ensure(ctx, domain.WebhookDelivery{
		ID: deliveryID, PartnerID: partner.ID, EventType: "payout.statement", Payload: payload,
	})
	if err != nil {
		return err
	}
	if d.Status == "delivered" {
		return nil
	}
	sendErr := s.notifier.Notify(ctx, partners.Notification{
		WebhookID: d.ID, URL: partner.WebhookURL, Secret: partner.WebhookSecret,
		EventType: d.EventType, Payload: d.Payload,
	})
	errText := ""
	if sendErr != nil {
		errText = sendErr.Error()
	}
	if err := s.webhooks.RecordAttempt(ctx, d.ID, errText); err != nil {
		s.log.Warn("record webhook attempt", "delivery_id", d.ID, "err", err)
	}
	if sendErr != nil {
		return sendErr
	}
	return s.webhooks.MarkDelivered(ctx, d.ID, s.now().UTC())
}
