package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/platform/ids"
)

// NotificationService texts tender offers to carrier dispatchers.
type NotificationService struct {
	tx            Transactor
	loads         LoadStore
	carriers      CarrierStore
	tenders       TenderStore
	notifications NotificationStore
	messenger     Messenger
	outbox        Outbox
	now           NowFunc
	newID         NewIDFunc
	acceptURL     string
}

// TenderLinkBase is the base URL of the carrier app's tender page.
type TenderLinkBase string

func NewNotificationService(
	tx Transactor,
	loads LoadStore,
	carriers CarrierStore,
	tenders TenderStore,
	notifications NotificationStore,
	messenger Messenger,
	outbox Outbox,
	link TenderLinkBase,
) *NotificationService {
	return &NotificationService{
		tx:            tx,
		loads:         loads,
		carriers:      carriers,
		tenders:       tenders,
		notifications: notifications,
		messenger:     messenger,
		outbox:        outbox,
		now:           time.Now,
		newID:         uuid.NewString,
		acceptURL:     string(link),
	}
}

// QueueTenderSMS reserves the offer notification for a tender and queues the
// send command with it. Each tender is texted at most once.
func (s *NotificationService) QueueTenderSMS(ctx context.Context, tenderID string) error {
	t, err := s.tenders.Get(ctx, tenderID)
	if err != nil {
		return err
	}
	load, err := s.loads.Get(ctx, t.LoadID)
	if err != nil {
		return err
	}
	carrier, err := s.carriers.Get(ctx, t.CarrierID)
	if err != nil {
		return err
	}
	if carrier.DispatchPhone == "" {
		return nil
	}
	key := "tender-sms:" + t.ID
	body := fmt.Sprintf("Haulgrid: load %s %s,%s → %s,%s offered at $%d. Respond by %s: %s/%s",
		load.Reference, load.Origin.City, load.Origin.State, load.Destination.City, load.Destination.State,
		t.RateCents/100, t.ExpiresAt.Format("15:04 MST"), s.acceptURL, t.ID)

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		created, err := s.notifications.Reserve(ctx, &domain.Notification{
			ID:        s.newID(),
			DedupKey:  key,
			Channel:   "sms",
			Recipient: carrier.DispatchPhone,
			Template:  "tender_offer",
			Status:    "queued",
		})
		if err != nil || !created {
			return err
		}
		return s.outbox.Publish(ctx, events.CmdSendTenderSMS, ids.Derived(key), events.SendTenderSMS{
			TenderID: t.ID,
			DedupKey: key,
			To:       carrier.DispatchPhone,
			Body:     body,
		})
	})
}

// SendTenderSMS delivers a queued tender offer text.
func (s *NotificationService) SendTenderSMS(ctx context.Context, cmd events.SendTenderSMS) error {
	t, err := s.tenders.Get(ctx, cmd.TenderID)
	if err != nil {
		return ignoreNotFound(err)
	}
	if t.Status != domain.TenderOffered {
		return nil
	}
	messageID, err := s.messenger.SendSMS(ctx, cmd.To, cmd.Body)
	if err != nil {
		return err
	}
	return s.notifications.MarkSent(ctx, cmd.DedupKey, messageID, s.now().UTC())
}
