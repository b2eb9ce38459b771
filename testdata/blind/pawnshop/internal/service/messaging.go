package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
)

// MessagingService sends the customer texts: due-date reminders, forfeiture
// notices and replies to the SMS keyword menu.
type MessagingService struct {
	tx        Transactor
	loans     LoanRepository
	customers CustomerRepository
	branches  BranchRepository
	messages  MessageRepository
	sms       SMSSender
	queue     JobQueue
	log       *slog.Logger
	now       Clock
}

func NewMessagingService(tx Transactor, loans LoanRepository, customers CustomerRepository, branches BranchRepository, messages MessageRepository, sms SMSSender, queue JobQueue, log *slog.Logger, now Clock) *MessagingService {
	return &MessagingService{tx: tx, loans: loans, customers: customers, branches: branches, messages: messages, sms: sms, queue: queue, log: log, now: now}
}

// SendDueReminder texts the customer that a ticket is coming due. Reminders
// for a due date that has since moved (renewal) or a closed loan are dropped.
func (s *MessagingService) SendDueReminder(ctx context.Context, loanID uuid.UUID, dueDate time.Time, daysBefore int) error {
	loan, err := s.loans.Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.Status != domain.LoanActive || !domain.Date(loan.DueDate).Equal(domain.Date(dueDate)) {
		return nil
	}
	cust, ok, err := s.textableCustomer(ctx, loan.CustomerID)
	if err != nil || !ok {
		return err
	}
	branch, err := s.branches.Get(ctx, loan.BranchID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("%s: pawn ticket %s is due %s (in %d days). Payoff today %s. Renew or redeem in store or reply BAL. Reply STOP to opt out.",
		branch.Name, loan.TicketNo, loan.DueDate.Format("Jan 2"), daysBefore, loan.Payoff())

	ref := xid.New().String()
	res, err := s.sms.Send(ctx, domain.SMSRequest{To: cust.PhoneNumber(), Body: body, ClientRef: ref})
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	return s.messages.Insert(ctx, domain.SMSMessage{
		ID:                ref,
		CustomerID:        &cust.ID,
		LoanID:            &loan.ID,
		Purpose:           domain.SMSDueReminder,
		ToPhone:           cust.PhoneNumber(),
		Body:              body,
		ClientRef:         &ref,
		ProviderMessageID: optional(res.MessageID),
		Status:            res.Status,
	})
}

// SendForfeitNotice tells the customer the goods on a ticket were forfeited.
// The notice is a legal requirement, so it goes out regardless of marketing
// consent as long as we have a number.
func (s *MessagingService) SendForfeitNotice(ctx context.Context, loanID uuid.UUID) error {
	loan, err := s.loans.Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.ForfeitNoticeSentAt != nil {
		return nil
	}
	cust, err := s.customers.Get(ctx, loan.CustomerID)
	if err != nil {
		return err
	}
	if cust.PhoneNumber() == "" {
		s.log.InfoContext(ctx, "no phone for forfeit notice; letter only", "loan_id", loan.ID)
		return nil
	}
	branch, err := s.branches.Get(ctx, loan.BranchID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("%s: pawn ticket %s passed its grace period and the pledged goods are now the property of the store. Questions: %s.",
		branch.Name, loan.TicketNo, branch.Phone)

	res, err := s.sms.Send(ctx, domain.SMSRequest{To: cust.PhoneNumber(), Body: body})
	if err != nil {
		return fmt.Errorf("send forfeit notice: %w", err)
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.messages.Insert(ctx, domain.SMSMessage{
			ID:                "forfeit-" + loan.ID.String(),
			CustomerID:        &cust.ID,
			LoanID:            &loan.ID,
			Purpose:           domain.SMSForfeitNotice,
			ToPhone:           cust.PhoneNumber(),
			Body:              body,
			ProviderMessageID: optional(res.MessageID),
			Status:            res.Status,
		}); err != nil {
			return err
		}
		return s.loans.MarkForfeitNoticeSent(ctx, loan.ID, s.now())
	})
}

// HandleInbound processes a text the customer sent to a branch number.
func (s *MessagingService) HandleInbound(ctx context.Context, in domain.InboundSMS) error {
	in.ID = uuid.New()
	in.Keyword = domain.Keyword(in.Body)
	customers, err := s.customers.FindByPhone(ctx, in.FromPhone)
	if err != nil {
		return err
	}
	if len(customers) == 1 {
		in.CustomerID = &customers[0].ID
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, err := s.messages.ClaimInbound(ctx, in)
		if err != nil || !claimed {
			return err
		}
		switch in.Keyword {
		case "STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL":
			return s.setSMSConsent(ctx, customers, false)
		case "START", "UNSTOP":
			return s.setSMSConsent(ctx, customers, true)
		case "BAL", "BALANCE":
			return s.queue.Enqueue(ctx, jobargs.BalanceReply{InboundID: in.ID}, nil)
		}
		return nil
	})
}

func (s *MessagingService) setSMSConsent(ctx context.Context, customers []domain.Customer, granted bool) error {
	for _, c := range customers {
		if err := s.customers.SetConsent(ctx, domain.Consent{
			CustomerID: c.ID,
			Channel:    domain.ChannelSMS,
			Granted:    granted,
			Source:     "sms_keyword",
			UpdatedAt:  s.now(),
		}); err != nil {
			return err
		}
	}
	return nil
}

// SendBalanceReply answers a BAL text with the payoff of each open ticket.
func (s *MessagingService) SendBalanceReply(ctx context.Context, inboundID uuid.UUID) error {
	in, err := s.messages.GetInbound(ctx, inboundID)
	if err != nil {
		return err
	}
	if in.CustomerID == nil {
		return nil
	}
	loans, err := s.loans.ListActiveByCustomer(ctx, *in.CustomerID)
	if err != nil {
		return err
	}
	var b strings.Builder
	if len(loans) == 0 {
		b.WriteString("You have no open pawn tickets.")
	}
	for i, l := range loans {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "Ticket %s due %s payoff %s", l.TicketNo, l.DueDate.Format("Jan 2"), l.Payoff())
	}
	body := b.String()

	ref := "bal-" + in.ID.String()
	res, err := s.sms.Send(ctx, domain.SMSRequest{To: in.FromPhone, Body: body, ClientRef: ref})
	if err != nil {
		return fmt.Errorf("send balance reply: %w", err)
	}
	return s.messages.Insert(ctx, domain.SMSMessage{
		ID:                ref,
		CustomerID:        in.CustomerID,
		Purpose:           domain.SMSBalanceReply,
		ToPhone:           in.FromPhone,
		Body:              body,
		ClientRef:         &ref,
		ProviderMessageID: optional(res.MessageID),
		Status:            res.Status,
	})
}

// RecordDeliveryStatus applies a Textline delivery receipt.
func (s *MessagingService) RecordDeliveryStatus(ctx context.Context, providerMessageID, status string, at time.Time) error {
	updated, err := s.messages.UpdateStatus(ctx, providerMessageID, status, at)
	if err != nil {
		return err
	}
	if !updated {
		s.log.DebugContext(ctx, "stale or unknown delivery receipt", "message_id", providerMessageID, "status", status)
	}
	return nil
}

func (s *MessagingService) textableCustomer(ctx context.Context, id uuid.UUID) (domain.Customer, bool, error) {
	cust, err := s.customers.Get(ctx, id)
	if err != nil {
		return domain.Customer{}, false, err
	}
	if cust.PhoneNumber() == "" {
		return cust, false, nil
	}
	ok, err := s.customers.HasConsent(ctx, id, domain.ChannelSMS)
	return cust, ok, err
}
