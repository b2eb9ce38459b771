package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/platform/ids"
	"github.com/haulgrid/loadboard/internal/providers/inkpass"
)

// RateConService issues rate confirmations for e-signature and files the
// signed copies.
type RateConService struct {
	tx         Transactor
	loads      LoadStore
	carriers   CarrierStore
	ratecons   RateConStore
	documents  DocumentStore
	inbox      InboxStore
	esign      ESign
	outbox     Outbox
	log        *slog.Logger
	templateID string
	now        NowFunc
	newID      NewIDFunc
}

// RateConTemplate is the InkPass template used for rate confirmations.
type RateConTemplate string

func NewRateConService(
	tx Transactor,
	loads LoadStore,
	carriers CarrierStore,
	ratecons RateConStore,
	documents DocumentStore,
	inbox InboxStore,
	esign ESign,
	outbox Outbox,
	log *slog.Logger,
	template RateConTemplate,
) *RateConService {
	return &RateConService{
		tx:         tx,
		loads:      loads,
		carriers:   carriers,
		ratecons:   ratecons,
		documents:  documents,
		inbox:      inbox,
		esign:      esign,
		outbox:     outbox,
		log:        log,
		templateID: string(template),
		now:        time.Now,
		newID:      uuid.NewString,
	}
}

// Issue creates the rate confirmation for an accepted tender and sends it to
// the carrier's dispatcher for signature.
func (s *RateConService) Issue(ctx context.Context, evt events.TenderAccepted) error {
	rc, err := s.ratecons.Ensure(ctx, &domain.RateConfirmation{
		ID:        s.newID(),
		TenderID:  evt.TenderID,
		LoadID:    evt.LoadID,
		CarrierID: evt.CarrierID,
		RateCents: evt.RateCents,
	})
	if err != nil {
		return err
	}
	if rc.EnvelopeID != "" || rc.Status != domain.RateConDraft {
		return nil
	}
	load, err := s.loads.Get(ctx, evt.LoadID)
	if err != nil {
		return err
	}
	carrier, err := s.carriers.Get(ctx, evt.CarrierID)
	if err != nil {
		return err
	}
	env, err := s.esign.CreateEnvelope(ctx, inkpass.EnvelopeRequest{
		TemplateID: s.templateID,
		Subject:    fmt.Sprintf("Rate confirmation %s → %s", load.Origin.City, load.Destination.City),
		Signers: []inkpass.Signer{{
			Name:  carrier.Name,
			Email: carrier.DispatchEmail,
			Phone: carrier.DispatchPhone,
			Role:  "carrier",
		}},
		Fields:         rateConFields(load, carrier, rc),
		ExpiresInHours: 24,
	})
	if err != nil {
		return err
	}
	return s.ratecons.SetEnvelope(ctx, rc.ID, env.ID)
}

func rateConFields(l *domain.Load, c *domain.Carrier, rc *domain.RateConfirmation) map[string]string {
	return map[string]string{
		"ratecon_number": rc.ID[:8],
		"load_reference": l.Reference,
		"carrier_name":   c.Name,
		"mc_number":      c.MCNumber,
		"origin":         l.Origin.City + ", " + l.Origin.State,
		"destination":    l.Destination.City + ", " + l.Destination.State,
		"pickup_at":      l.PickupAt.Format(time.RFC1123),
		"deliver_by":     l.DeliverBy.Format(time.RFC1123),
		"equipment":      string(l.Equipment),
		"weight_lbs":     strconv.Itoa(l.WeightLbs),
		"rate":           fmt.Sprintf("$%d.%02d", rc.RateCents/100, rc.RateCents%100),
	}
}

// HandleWebhook applies an InkPass envelope event.
func (s *RateConService) HandleWebhook(ctx context.Context, evt inkpass.WebhookEvent) error {
	first, err := s.inbox.Record(ctx, "inkpass", evt.EventID, evt.EventType)
	if err != nil {
		return err
	}
	if !first {
		s.log.DebugContext(ctx, "duplicate inkpass event", "event_id", evt.EventID)
		return nil
	}
	switch evt.EventType {
	case inkpass.EventEnvelopeCompleted:
		return s.markSigned(ctx, evt)
	case inkpass.EventEnvelopeDeclined:
		rc, err := s.ratecons.GetByEnvelope(ctx, evt.EnvelopeID)
		if err != nil {
			return ignoreNotFound(err)
		}
		s.log.WarnContext(ctx, "carrier declined rate confirmation", "ratecon_id", rc.ID, "load_id", rc.LoadID)
		return s.ratecons.MarkVoided(ctx, rc.ID)
	default:
		return nil
	}
}

func (s *RateConService) markSigned(ctx context.Context, evt inkpass.WebhookEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		rc, err := s.ratecons.GetByEnvelope(ctx, evt.EnvelopeID)
		if err != nil {
			return ignoreNotFound(err)
		}
		signed, err := s.ratecons.MarkSigned(ctx, rc.ID, evt.OccurredAt)
		if err != nil || !signed {
			return err
		}
		return s.outbox.Publish(ctx, events.TopicRateConSigned, ids.Derived("ratecon.signed", rc.ID), events.RateConSigned{
			RateConID:  rc.ID,
			TenderID:   rc.TenderID,
			LoadID:     rc.LoadID,
			EnvelopeID: evt.EnvelopeID,
			SignedAt:   evt.OccurredAt,
		})
	})
}

// FileSignedDocument downloads the link to the signed rate confirmation and
// attaches it to the load.
func (s *RateConService) FileSignedDocument(ctx context.Context, evt events.RateConSigned) error {
	link, err := s.esign.CompletedDocument(ctx, evt.EnvelopeID)
	if err != nil {
		return err
	}
	return s.documents.Attach(ctx, &domain.Document{
		LoadID:     evt.LoadID,
		Type:       domain.DocRateCon,
		StorageURL: link.URL,
		Source:     "inkpass",
	})
}

func ignoreNotFound(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	return err
}
