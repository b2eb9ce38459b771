package transcript

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
)

type portalHandler func(ctx context.Context, evt portal.Event) error

// decodeData adapts a typed handler to the portal event table.
func decodeData[T any](fn func(ctx context.Context, evt portal.Event, data T) error) portalHandler {
	return func(ctx context.Context, evt portal.Event) error {
		var data T
		if err := json.Unmarshal(evt.Data, &data); err != nil {
			return fmt.Errorf("%w: %s data: %v", domain.ErrValidation, evt.Type, err)
		}
		return fn(ctx, evt, data)
	}
}

func (s *Service) registerPortalHandlers() map[string]portalHandler {
	return map[string]portalHandler{
		"matter.opened":     decodeData(s.onMatterOpened),
		"delivery.received": decodeData(s.onDeliveryReceived),
		"delivery.failed":   decodeData(s.onDeliveryFailed),
	}
}

// HandlePortalEvent dispatches a verified LexVault webhook.
func (s *Service) HandlePortalEvent(ctx context.Context, evt portal.Event) error {
	h, ok := s.portalHandlers[evt.Type]
	if !ok {
		s.log.Debug("ignoring portal event", zap.String("type", evt.Type))
		return nil
	}
	return h(ctx, evt)
}

// onMatterOpened gives every attorney at the firm access to the matter.
func (s *Service) onMatterOpened(ctx context.Context, _ portal.Event, d portal.MatterOpened) error {
	b, err := s.bookings.Get(ctx, d.ExternalRef)
	if err != nil {
		return err
	}
	attorneys, err := s.firms.ListAttorneys(ctx, b.FirmID)
	if err != nil {
		return err
	}

	shares := make([]domain.PortalShare, 0, len(attorneys))
	for _, a := range attorneys {
		sh, err := s.portal.GrantShare(ctx, d.MatterID, a.Email, "viewer")
		if err != nil {
			return fmt.Errorf("share matter %s with %s: %w", d.MatterID, a.Email, err)
		}
		shares = append(shares, domain.PortalShare{
			MatterID:      d.MatterID,
			AttorneyEmail: a.Email,
			ShareID:       sh.ID,
		})
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.bookings.SetPortalMatter(ctx, b.ID, d.MatterID); err != nil {
			return err
		}
		return s.transcripts.RecordShares(ctx, shares)
	})
}

// onDeliveryReceived records that an attorney opened the delivery.
func (s *Service) onDeliveryReceived(ctx context.Context, _ portal.Event, d portal.DeliveryReceived) error {
	return s.transcripts.InsertReceipt(ctx, &domain.DeliveryReceipt{
		PortalDeliveryID: d.DeliveryID,
		TranscriptID:     d.ExternalRef,
		ReceivedBy:       d.ReceivedBy,
		ReceivedAt:       time.Unix(d.ReceivedAt, 0).UTC(),
	})
}

// onDeliveryFailed flips the transcript to failed and queues another
// delivery of the same version.
func (s *Service) onDeliveryFailed(ctx context.Context, evt portal.Event, d portal.DeliveryFailed) error {
	if _, err := s.transcripts.MarkDeliveryFailed(ctx, d.ExternalRef, d.Version); err != nil {
		return err
	}
	t, err := s.transcripts.Get(ctx, d.ExternalRef)
	if err != nil {
		return err
	}
	if t.Status != domain.TranscriptFailed || t.Version != d.Version {
		return nil
	}
	s.log.Warn("portal rejected delivery", zap.String("transcript_id", t.ID),
		zap.String("reason", d.Reason))
	return s.enqueueDelivery(ctx, t.ID, t.Version, "after", evt.ID)
}
