package service

import (
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"strconv"
	"strings"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/providers/mailer"
	"github.com/gridwell/utilities/internal/providers/printpartner"
	"github.com/gridwell/utilities/internal/store"
)

// NoticeService sends bill e-mails and dunning letters.
type NoticeService struct {
	repos store.Repos
	mail  mailer.Mailer
	print printpartner.Sender
	log   *slog.Logger
	now   Clock
}

func NewNoticeService(repos store.Repos, mail mailer.Mailer, print printpartner.Sender, log *slog.Logger, now Clock) *NoticeService {
	return &NoticeService{repos: repos, mail: mail, print: print, log: log, now: now}
}

var billEmail = template.Must(template.New("bill").Parse(`<p>Dear {{.Name}},</p>
<p>Your bill for {{.Period}} is ready. Amount due: <b>{{.Amount}}</b>, payable by {{.Due}}.</p>`))

// NotifyBillIssued e-mails the customer that a new bill is available.
func (s *NoticeService) NotifyBillIssued(ctx context.Context, evt domain.BillIssuedEvent) error {
	done, err := s.repos.Notifications.Exists(ctx, evt.BillID, "bill_issued")
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	bill, err := s.repos.Bills.Get(ctx, evt.BillID)
	if err != nil {
		return err
	}
	acct, err := s.repos.Accounts.Get(ctx, bill.AccountID)
	if err != nil {
		return err
	}
	var body strings.Builder
	if err := billEmail.Execute(&body, map[string]string{
		"Name":   acct.CustomerName,
		"Period": bill.PeriodStart.Format("2 Jan") + " - " + bill.PeriodEnd.Format("2 Jan 2006"),
		"Amount": formatEUR(bill.AmountDueCents),
		"Due":    bill.DueAt.Format("2 Jan 2006"),
	}); err != nil {
		return err
	}
	msgID, err := s.mail.Send(ctx, mailer.Message{
		To:      acct.Email,
		Subject: "Your new bill is ready",
		HTML:    body.String(),
		Text:    "Your new bill is ready: " + formatEUR(bill.AmountDueCents),
		Tags:    map[string]string{"kind": "bill_issued"},
	})
	if err != nil {
		return err
	}
	return s.repos.Notifications.Insert(ctx, domain.Notification{
		ID:                idgen.New(),
		AccountID:         acct.ID,
		BillID:            bill.ID,
		Kind:              "bill_issued",
		Channel:           string(domain.ChannelEmail),
		ProviderMessageID: msgID,
		SentAt:            s.now(),
	})
}

// LetterCommand asks for a dunning letter at a given stage.
type LetterCommand struct {
	AccountID string
	BillID    string
	Stage     int
}

// SendDunningLetter sends the stage's letter once per bill. The letter_ref is
// derived from the bill and stage, so the print partner drops repeats.
func (s *NoticeService) SendDunningLetter(ctx context.Context, cmd LetterCommand) (*domain.Reminder, error) {
	if cmd.Stage < 1 || cmd.Stage > 3 {
		return nil, fmt.Errorf("%w: stage %d", domain.ErrInvalidState, cmd.Stage)
	}
	bill, err := s.repos.Bills.Get(ctx, cmd.BillID)
	if err != nil {
		return nil, err
	}
	if bill.AccountID != cmd.AccountID {
		return nil, domain.ErrNotFound
	}
	acct, err := s.repos.Accounts.Get(ctx, cmd.AccountID)
	if err != nil {
		return nil, err
	}
	ref := idgen.Derived("DL", bill.ID, strconv.Itoa(cmd.Stage))
	rem, _, err := s.repos.Reminders.Claim(ctx, domain.Reminder{
		ID:        ref,
		AccountID: acct.ID,
		BillID:    bill.ID,
		Channel:   domain.ChannelLetter,
		Stage:     cmd.Stage,
		LetterRef: &ref,
		Status:    "pending",
		CreatedAt: s.now(),
	})
	if err != nil {
		return nil, err
	}
	if rem.Status == "sent" {
		return rem, nil
	}
	receipt, err := s.print.Send(ctx, printpartner.Letter{
		LetterRef: *rem.LetterRef,
		Template:  fmt.Sprintf("dunning-stage-%d", cmd.Stage),
		Recipient: printpartner.Recipient{Name: acct.CustomerName, Address: acct.PostalAddress},
		MergeVars: map[string]string{
			"bill_id":     bill.ID,
			"outstanding": formatEUR(bill.Outstanding()),
			"due":         bill.DueAt.Format("2 January 2006"),
		},
		PostClass: postClassFor(cmd.Stage),
	})
	if err != nil {
		return nil, fmt.Errorf("send letter: %w", err)
	}
	if err := s.repos.Reminders.MarkSent(ctx, rem.ID, receipt.JobID); err != nil {
		return nil, err
	}
	rem.Status = "sent"
	rem.ProviderRef = &receipt.JobID
	return rem, nil
}

func postClassFor(stage int) string {
	if stage >= 3 {
		return "recorded"
	}
	return "second"
}

func formatEUR(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s€%d.%02d", sign, cents/100, cents%100)
}
