package service

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/providers/checkmail"
	"github.com/trustwell/settlements/internal/providers/mailer"
)

// EventService ingests and applies provider webhook events.
type EventService interface {
	IngestACH(ctx context.Context, ev *achpay.Event, data *achpay.PaymentEventData, raw []byte) error
	ApplyPaymentEvent(ctx context.Context, eventID string) error
	ApplyReturn(ctx context.Context, eventID string) error
	HandleCheckEvent(ctx context.Context, ev *checkmail.Event) error
}

type eventService struct {
	db            *sqlx.DB
	tx            db.TxManager
	webhooks      WebhookRepository
	disbursements DisbursementRepository
	claimants     ClaimantRepository
	lienPayments  LienPaymentRepository
	liens         LienRepository
	notices       NoticeRepository
	book          Poster
	email         EmailSender
	queue         JobQueue
	log           *zap.Logger
	noticeID      func() string
	now           func() time.Time
	render        statementRenderer
	from          string
}

// NewEventService builds the EventService.
func NewEventService(d Deps) *eventService {
	return &eventService{
		db:            d.DB,
		tx:            d.Tx,
		webhooks:      d.Webhooks,
		disbursements: d.Disbursements,
		claimants:     d.Claimants,
		lienPayments:  d.LienPayments,
		liens:         d.Liens,
		notices:       d.Notices,
		book:          d.Book,
		email:         d.Email,
		queue:         d.Queue,
		log:           d.Log.Named("events"),
		noticeID:      d.IDs.Func("ntc"),
		now:           clock,
		render:        newStatementRenderer(d.Config.TrustBankName),
		from:          d.Config.FromAddress,
	}
}

// IngestACH stores the raw event and queues the job that applies it, in one
// transaction, so the webhook can be acknowledged quickly.
func (s *eventService) IngestACH(ctx context.Context, ev *achpay.Event, data *achpay.PaymentEventData, raw []byte) error {
	var job river.JobArgs
	switch ev.Type {
	case achpay.EventPaymentSettled, achpay.EventPaymentFailed:
		job = args.ApplyACHEvent{EventID: ev.ID}
	case achpay.EventPaymentReturned:
		job = args.ACHPaymentReturned{EventID: ev.ID}
	default:
		s.log.Debug("ignoring ach event", zap.String("type", ev.Type))
		return nil
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.webhooks.InsertACHEvent(ctx, tx, &domain.ACHEvent{
			ProviderEventID: ev.ID,
			EventType:       ev.Type,
			PaymentID:       data.PaymentID,
			Payload:         raw,
			ReceivedAt:      s.now(),
		}); err != nil {
			return err
		}
		_, err := s.queue.EnqueueTx(ctx, tx, job, nil)
		return err
	})
}

func (s *eventService) loadPaymentEvent(ctx context.Context, eventID string) (*domain.ACHEvent, *achpay.PaymentEventData, error) {
	ev, err := s.webhooks.GetACHEvent(ctx, s.db, eventID)
	if err != nil {
		return nil, nil, err
	}
	var envelope achpay.Event
	if err := json.Unmarshal(ev.Payload, &envelope); err != nil {
		return nil, nil, fmt.Errorf("decode stored event %s: %w", eventID, err)
	}
	var data achpay.PaymentEventData
	if err := json.Unmarshal(envelope.Data, &data); err != nil {
		return nil, nil, fmt.Errorf("decode stored event data %s: %w", eventID, err)
	}
	return ev, &data, nil
}

// ApplyPaymentEvent applies payment.settled and payment.failed. Status
// changes are guarded on the current status and the failure reversal is
// sourced on the event id, so applying an event twice changes nothing.
func (s *eventService) ApplyPaymentEvent(ctx context.Context, eventID string) error {
	ev, data, err := s.loadPaymentEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if ev.ProcessedAt != nil {
		return nil
	}
	d, err := s.disbursements.GetByProviderPaymentID(ctx, s.db, data.PaymentID)
	if err != nil {
		return err
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		switch ev.EventType {
		case achpay.EventPaymentSettled:
			if _, err := s.disbursements.MarkSettled(ctx, tx, d.ID, s.now()); err != nil {
				return err
			}
		case achpay.EventPaymentFailed:
			changed, err := s.disbursements.MarkReturned(ctx, tx, d.ID, domain.DisbursementFailed, data.ReturnCode)
			if err != nil {
				return err
			}
			if changed {
				if _, err := s.book.Post(ctx, tx, ledger.ClaimantPaymentReturned(d, ev.ProviderEventID)); err != nil {
					return err
				}
			}
		}
		return s.webhooks.MarkACHEventProcessed(ctx, tx, ev.ProviderEventID, s.now())
	})
}

// ApplyReturn handles payment.returned: the receiving bank sent the money
// back (closed account, wrong number). The claimant is told straight away so
// they can fix their bank details, then the payout is reopened for reissue
// and the funds go back on the settlement's ledger.
func (s *eventService) ApplyReturn(ctx context.Context, eventID string) error {
	ev, data, err := s.loadPaymentEvent(ctx, eventID)
	if err != nil {
		return err
	}
	d, err := s.disbursements.GetByProviderPaymentID(ctx, s.db, data.PaymentID)
	if err != nil {
		return err
	}
	c, err := s.claimants.Get(ctx, s.db, d.ClaimantID)
	if err != nil {
		return err
	}

	subject, body := s.render.returned(c, d.AmountCents, data.ReturnCode)
	msgID, err := s.email.Send(ctx, mailer.Message{
		From:     s.from,
		To:       c.Email,
		Subject:  subject,
		TextBody: body,
		Tag:      string(domain.NoticePaymentReturned),
		Metadata: map[string]string{"disbursement_id": d.ID},
	})
	if err != nil {
		return err
	}

	sentAt := s.now()
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		changed, err := s.disbursements.MarkReturned(ctx, tx, d.ID, domain.DisbursementReturned, data.ReturnCode)
		if err != nil {
			return err
		}
		if changed {
			if _, err := s.book.Post(ctx, tx, ledger.ClaimantPaymentReturned(d, ev.ProviderEventID)); err != nil {
				return err
			}
		}
		if err := s.notices.Insert(ctx, tx, &domain.Notice{
			ID: s.noticeID(), SettlementID: d.SettlementID, ClaimantID: c.ID,
			Kind: domain.NoticePaymentReturned, ToAddress: c.Email, Subject: subject, Body: body,
			Status: domain.NoticeSent, ProviderMessageID: &msgID, SentAt: &sentAt, CreatedAt: sentAt,
		}); err != nil {
			return err
		}
		return s.webhooks.MarkACHEventProcessed(ctx, tx, ev.ProviderEventID, s.now())
	})
}
