package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/store"
)

const (
	channelEmail = "email"
	channelSMS   = "sms"
)

type NotificationService struct {
	uow       UnitOfWork
	growers   GrowerReader
	contracts Contracts
	notes     Notifications
	mail      Mailer
	sms       Texter
	log       *slog.Logger
	now       Clock
}

func NewNotificationService(uow UnitOfWork, g GrowerReader, c Contracts, n Notifications, mail Mailer, sms Texter, log *slog.Logger, now Clock) *NotificationService {
	return &NotificationService{uow: uow, growers: g, contracts: c, notes: n, mail: mail, sms: sms, log: log, now: now}
}

// SendTicketReceipt emails the grower a receipt for a completed load.
func (s *NotificationService) SendTicketReceipt(ctx context.Context, t *domain.ScaleTicket) error {
	ref := fmt.Sprintf("%s-%s", t.ElevatorID, t.TicketNo)
	if _, err := s.notes.Find(ctx, channelEmail, "ticket_receipt", ref); err == nil {
		return nil
	} else if err != store.ErrNotFound {
		return err
	}
	g, err := s.growers.Get(ctx, t.GrowerID)
	if err != nil {
		return notFound(err)
	}
	if g.Email == "" {
		return nil
	}
	html, err := notify.RenderReceipt(g, t)
	if err != nil {
		return err
	}
	rcpt, err := s.mail.Send(ctx, notify.EmailMessage{
		To:      g.Email,
		Subject: fmt.Sprintf("Scale ticket %s - %s bu %s", ref, t.NetBu.StringFixed(2), t.Commodity),
		HTML:    html,
		Tags:    []string{"ticket-receipt", t.ElevatorID},
	})
	if err != nil {
		return fmt.Errorf("email receipt %s: %w", ref, err)
	}
	now := s.now()
	return s.notes.Record(ctx, &domain.Notification{
		GrowerID: g.ID, Channel: channelEmail, Template: "ticket_receipt", Ref: ref,
		Status: "sent", ProviderMessageID: rcpt.ID, CreatedAt: now, SentAt: &now,
	})
}

// ContractSigned texts the grower a confirmation of a new contract.
func (s *NotificationService) ContractSigned(ctx context.Context, evt events.ContractSigned) error {
	id, err := uuid.Parse(evt.ContractID)
	if err != nil {
		return fmt.Errorf("%w: contract id", ErrInvalid)
	}
	c, err := s.contracts.Get(ctx, id)
	if err != nil {
		return notFound(err)
	}
	g, err := s.growers.Get(ctx, c.GrowerID)
	if err != nil {
		return notFound(err)
	}
	if !g.CanText() {
		return nil
	}
	n, err := s.notes.Ensure(ctx, &domain.Notification{
		GrowerID: g.ID, Channel: channelSMS, Template: "contract_signed", Ref: c.ContractNo,
		Status: "pending", CreatedAt: s.now(),
	})
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	rcpt, err := s.sms.Send(ctx, notify.TextMessage{
		To:   g.Phone,
		Body: notify.ContractSignedText(c),
	})
	if err != nil {
		return fmt.Errorf("text contract %s: %w", c.ContractNo, err)
	}
	return s.notes.MarkSent(ctx, n.ID, rcpt.MessageID, s.now())
}

type NoticeInput struct {
	ClientNoticeID string `json:"client_notice_id" binding:"required,max=64"`
	Body           string `json:"body" binding:"required,max=480"`
}

// SendNotice texts an ad-hoc message from elevator staff to a grower, e.g.
// "dump pit 2 closed until noon".
func (s *NotificationService) SendNotice(ctx context.Context, growerID int64, in NoticeInput, by string) (*domain.GrowerNotice, error) {
	g, err := s.growers.Get(ctx, growerID)
	if err != nil {
		return nil, notFound(err)
	}
	if !g.CanText() {
		return nil, fmt.Errorf("%w: grower has not opted in to SMS", ErrInvalid)
	}
	var notice *domain.GrowerNotice
	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		n, err := r.Notices.Open(ctx, &domain.GrowerNotice{
			ID: idgen.New(), GrowerID: g.ID, ClientNoticeID: in.ClientNoticeID, Body: in.Body,
			Status: "queued", CreatedBy: by, CreatedAt: s.now(),
		})
		notice = n
		return err
	})
	if err != nil {
		return nil, err
	}
	if notice.Status == "sent" {
		return notice, nil
	}
	rcpt, err := s.sms.Send(ctx, notify.TextMessage{
		To:              g.Phone,
		Body:            notice.Body,
		ClientReference: notice.ID.String(),
	})
	if err != nil {
		return nil, fmt.Errorf("send notice: %w", err)
	}
	now := s.now()
	if err := s.uow.InTx(ctx, func(r *store.Repos) error {
		return r.Notices.MarkSent(ctx, notice.ID, rcpt.MessageID, now)
	}); err != nil {
		return nil, err
	}
	notice.Status, notice.ProviderMessageID, notice.SentAt = "sent", rcpt.MessageID, &now
	return notice, nil
}
