package booking

import (
	"context"
	"errors"
	"strings"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
)

// HandleInboundSMS processes a reporter's text reply. "YES" accepts the
// reporter's most recent open offer.
func (s *Service) HandleInboundSMS(ctx context.Context, msg sms.Inbound) error {
	rep, err := s.reporters.FindByPhone(ctx, msg.From)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}

	var reply string
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		rec := &domain.InboundSMS{
			ProviderMessageID: msg.MessageID,
			FromPhone:         msg.From,
			Body:              msg.Body,
		}
		if !isAcceptance(msg.Body) {
			return s.inbound.Insert(ctx, rec)
		}

		offer, err := s.assignments.LatestOfferFor(ctx, rep.ID)
		if errors.Is(err, domain.ErrNotFound) {
			reply = "Stenoline: you have no open offers right now."
			return s.inbound.Insert(ctx, rec)
		}
		if err != nil {
			return err
		}
		rec.AssignmentID = offer.ID
		if err := s.inbound.Insert(ctx, rec); err != nil {
			return err
		}
		if err := s.confirmAssignment(ctx, offer, s.now()); err != nil {
			return err
		}
		reply = "Stenoline: confirmed. Details are in the reporter app."
		return nil
	})
	if err != nil {
		return err
	}

	if reply == "" {
		return nil
	}
	_, err = s.sms.Send(ctx, sms.Message{
		To:        msg.From,
		Body:      reply,
		ClientRef: ids.Derive("reply", msg.MessageID),
	})
	return err
}

func isAcceptance(body string) bool {
	switch strings.ToUpper(strings.TrimSpace(body)) {
	case "YES", "Y", "ACCEPT", "OK":
		return true
	}
	return false
}
