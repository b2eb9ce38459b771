// Package messaging implements service.Messaging: family contact lists,
// staff broadcasts and delivery of queued notices.
package messaging

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

type Options struct {
	Families   repository.Families
	Deliveries repository.SMSDeliveries
	SMS        provider.SMS
	Logger     *zap.Logger
	Now        func() time.Time
}

type Service struct {
	families   repository.Families
	deliveries repository.SMSDeliveries
	sms        provider.SMS
	log        *zap.Logger
	now        func() time.Time
}

var _ service.Messaging = (*Service)(nil)

func New(opts Options) *Service {
	s := &Service{
		families:   opts.Families,
		deliveries: opts.Deliveries,
		sms:        opts.SMS,
		log:        opts.Logger,
		now:        opts.Now,
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	return s
}

// Recipients returns the family's contacts who accept text messages.
func (s *Service) Recipients(ctx context.Context, familyID string) ([]domain.Contact, error) {
	if _, err := s.families.Get(ctx, familyID); err != nil {
		return nil, err
	}
	all, err := s.families.Contacts(ctx, familyID)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, c := range all {
		if c.SMSOptIn && c.Phone != "" {
			out = append(out, c)
		}
	}
	return out, nil
}

// RecordBroadcast stores a staff message in the family's history.
func (s *Service) RecordBroadcast(ctx context.Context, m domain.FamilyMessage) error {
	if m.SentAt.IsZero() {
		m.SentAt = s.now().UTC()
	}
	return s.families.InsertMessage(ctx, m)
}

// Deliver texts a queued notice to each recipient, skipping recipients the
// notice has already reached.
func (s *Service) Deliver(ctx context.Context, n service.FamilyNotice) error {
	body, err := notify.Render(n.Template, n.Params)
	if err != nil {
		return err
	}
	recipients, err := s.Recipients(ctx, n.FamilyID)
	if err != nil {
		return err
	}
	for _, c := range recipients {
		done, err := s.deliveries.Exists(ctx, n.DedupKey, c.ID)
		if err != nil {
			return err
		}
		if done {
			continue
		}
		sid, err := s.sms.Send(ctx, c.Phone, body)
		if err != nil {
			return fmt.Errorf("send %s to contact %s: %w", n.Template, c.ID, err)
		}
		if err := s.deliveries.Insert(ctx, domain.SMSDelivery{
			DedupKey:          n.DedupKey,
			ContactID:         c.ID,
			ProviderMessageID: sid,
			DeliveredAt:       s.now().UTC(),
		}); err != nil {
			return err
		}
	}
	return nil
}
