package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/smsgw"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

type notifier struct {
	store  store.Store
	sms    SMSSender
	queue  TaskQueue
	policy Policy
	now    clock.Clock
	newID  ids.Generator
	log    *slog.Logger
	// render builds message bodies; swapped for localized templates per
	// branch.
	render func(kind string, data map[string]string) string
}

func NewNotificationService(st store.Store, sms SMSSender, q TaskQueue, policy Policy, now clock.Clock, newID ids.Generator, log *slog.Logger) NotificationService {
	return &notifier{
		store: st, sms: sms, queue: q, policy: policy, now: now, newID: newID,
		log:    log.With("svc", "notifications"),
		render: renderDefault,
	}
}

var templates = map[string]string{
	"due_soon":       "ShedShare: your %[tool]s is due back %[due]s. Reply EXTEND in the app to keep it longer.",
	"overdue":        "ShedShare: your %[tool]s was due %[due]s and is now overdue. Late fees apply daily.",
	"pickup_ready":   "ShedShare: your %[tool]s is ready in locker %[locker]s. PIN %[pin]s, valid until %[until]s.",
	"return_receipt": "ShedShare: thanks for returning the %[tool]s. Your deposit hold will be released shortly.",
	"fee_failed":     "ShedShare: we couldn't charge your card for a $%[amount]s late fee. Please update your card in the app.",
}

// renderDefault substitutes %[name]s placeholders.
func renderDefault(kind string, data map[string]string) string {
	tpl := templates[kind]
	out := make([]byte, 0, len(tpl)+32)
	for i := 0; i < len(tpl); i++ {
		if tpl[i] == '%' && i+1 < len(tpl) && tpl[i+1] == '[' {
			end := i + 2
			for end < len(tpl) && tpl[end] != ']' {
				end++
			}
			if end+1 < len(tpl) && tpl[end+1] == 's' {
				out = append(out, data[tpl[i+2:end]]...)
				i = end + 1
				continue
			}
		}
		out = append(out, tpl[i])
	}
	return string(out)
}

// recipient is what every message needs to know about the member.
type recipient struct {
	member *domain.Member
	branch *domain.Branch
	tool   *domain.Tool
}

func (n *notifier) recipientFor(ctx context.Context, loan *domain.Loan) (*recipient, error) {
	m, err := n.store.Members().Get(ctx, loan.MemberID)
	if err != nil {
		return nil, err
	}
	b, err := n.store.Members().GetBranch(ctx, m.HomeBranchID)
	if err != nil {
		return nil, err
	}
	t, err := n.store.Tools().Get(ctx, loan.ToolID)
	if err != nil {
		return nil, err
	}
	return &recipient{member: m, branch: b, tool: t}, nil
}

func (n *notifier) localDate(t time.Time) string {
	return t.In(n.policy.BranchTimezone).Format("Mon Jan 2")
}

// sendOnce records the message under its client_ref and sends it with the
// same client_ref, so the gateway drops a resend of a message whose first
// send outlived our bookkeeping.
func (n *notifier) sendOnce(ctx context.Context, r *recipient, kind, clientRef, body string) error {
	if r.member.SMSOptOut {
		return nil
	}
	msg := &domain.SMSMessage{
		ID:        n.newID(),
		ClientRef: clientRef,
		MemberID:  r.member.ID,
		Kind:      kind,
		ToE164:    r.member.PhoneE164,
		Body:      body,
		Status:    domain.OpPending,
		CreatedAt: n.now(),
	}
	if _, err := n.store.SMS().InsertIfAbsent(ctx, msg); err != nil {
		return err
	}
	stored, err := n.store.SMS().GetByClientRef(ctx, clientRef)
	if err != nil {
		return err
	}
	if stored.Status != domain.OpPending {
		return nil
	}
	res, err := n.sms.Send(ctx, smsgw.Message{
		To:        stored.ToE164,
		From:      r.branch.SMSSender,
		Body:      stored.Body,
		ClientRef: stored.ClientRef,
	})
	if err != nil {
		return fmt.Errorf("send %s sms: %w", kind, err)
	}
	return n.store.SMS().MarkSent(ctx, stored.ID, res.MessageID, n.now())
}

// SweepDueSoon queues a reminder for every loan due within the lead time.
func (n *notifier) SweepDueSoon(ctx context.Context, asOf time.Time) (int, error) {
	after, count := "", 0
	for {
		page, err := n.store.Loans().ListDueBetween(ctx, asOf, asOf.Add(n.policy.DueSoonLead), after, n.policy.SweepPageSize)
		if err != nil {
			return count, err
		}
		for _, l := range page {
			due := clock.DateOf(l.DueAt, n.policy.BranchTimezone).Format(time.DateOnly)
			key := "due-soon:" + l.ID + ":" + due
			if err := n.queue.EnqueueOnce(ctx, payloads.TypeDueSoonReminder, key, payloads.DueSoonReminder{LoanID: l.ID, DueDate: due}); err != nil {
				return count, err
			}
			count++
		}
		if len(page) < n.policy.SweepPageSize {
			return count, nil
		}
		after = page[len(page)-1].ID
	}
}

func (n *notifier) SendDueSoonReminder(ctx context.Context, loanID string, dueDate time.Time) error {
	loan, err := n.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.Status != domain.LoanActive {
		return nil
	}
	// An extension since the sweep moved the due date; the next sweep
	// picks up the new one.
	if !clock.DateOf(loan.DueAt, n.policy.BranchTimezone).Equal(dueDate) {
		return nil
	}
	r, err := n.recipientFor(ctx, loan)
	if err != nil {
		return err
	}
	body := n.render("due_soon", map[string]string{"tool": r.tool.Name, "due": n.localDate(loan.DueAt)})
	return n.sendOnce(ctx, r, "due_soon", "due-soon:"+loan.ID+":"+dueDate.Format(time.DateOnly), body)
}

// SweepOverdue queues an overdue notice for every active loan past due.
func (n *notifier) SweepOverdue(ctx context.Context, asOf time.Time) (int, error) {
	day := clock.DateOf(asOf, n.policy.BranchTimezone).Format(time.DateOnly)
	after, count := "", 0
	for {
		page, err := n.store.Loans().ListOverdue(ctx, asOf, after, n.policy.SweepPageSize)
		if err != nil {
			return count, err
		}
		for _, l := range page {
			if _, err := n.queue.Enqueue(ctx, payloads.TypeOverdueNotice, payloads.OverdueNotice{LoanID: l.ID, NoticeDate: day}); err != nil {
				return count, err
			}
			count++
		}
		if len(page) < n.policy.SweepPageSize {
			return count, nil
		}
		after = page[len(page)-1].ID
	}
}

// SendOverdueNotice texts the member about an overdue loan. clientRef is
// supplied by the caller and identifies this notice.
func (n *notifier) SendOverdueNotice(ctx context.Context, loanID, clientRef string) error {
	loan, err := n.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.Status != domain.LoanActive || !loan.DueAt.Before(n.now()) {
		return nil
	}
	r, err := n.recipientFor(ctx, loan)
	if err != nil {
		return err
	}
	body := n.render("overdue", map[string]string{"tool": r.tool.Name, "due": n.localDate(loan.DueAt)})
	return n.sendOnce(ctx, r, "overdue", clientRef, body)
}

// SendFeeFailedNotice tells the member a fee could not be collected.
func (n *notifier) SendFeeFailedNotice(ctx context.Context, feeID string, attemptDate time.Time) error {
	fee, err := n.store.Fees().Get(ctx, feeID)
	if err != nil {
		return err
	}
	if fee.Status != domain.FeeOutstanding {
		return nil
	}
	loan, err := n.store.Loans().Get(ctx, fee.LoanID)
	if err != nil {
		return err
	}
	r, err := n.recipientFor(ctx, loan)
	if err != nil {
		return err
	}
	if r.member.SMSOptOut {
		return nil
	}
	ref := "fee-failed:" + fee.ID + ":" + attemptDate.Format(time.DateOnly)
	msg := &domain.SMSMessage{
		ID:        n.newID(),
		ClientRef: ref,
		MemberID:  r.member.ID,
		Kind:      "fee_failed",
		ToE164:    r.member.PhoneE164,
		Body:      n.render("fee_failed", map[string]string{"amount": fmt.Sprintf("%d.%02d", fee.AmountCents/100, fee.AmountCents%100)}),
		Status:    domain.OpPending,
		CreatedAt: n.now(),
	}
	if _, err := n.store.SMS().InsertIfAbsent(ctx, msg); err != nil {
		return err
	}
	stored, err := n.store.SMS().GetByClientRef(ctx, ref)
	if err != nil {
		return err
	}
	if stored.Status == "sent" || stored.Status == "delivered" {
		return nil
	}
	res, err := n.sms.Send(ctx, smsgw.Message{To: stored.ToE164, From: r.branch.SMSSender, Body: stored.Body})
	if err != nil {
		return fmt.Errorf("send fee failure sms: %w", err)
	}
	return n.store.SMS().MarkSent(ctx, stored.ID, res.MessageID, n.now())
}

func (n *notifier) SendPickupReady(ctx context.Context, loanID string) error {
	loan, err := n.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	code, err := n.store.Loans().GetAccessCode(ctx, loanID)
	if err != nil {
		return err
	}
	locker, err := n.store.Lockers().Get(ctx, loan.LockerID)
	if err != nil {
		return err
	}
	r, err := n.recipientFor(ctx, loan)
	if err != nil {
		return err
	}
	body := n.render("pickup_ready", map[string]string{
		"tool": r.tool.Name, "locker": locker.Label, "pin": code.PIN,
		"until": code.ValidUntil.In(n.policy.BranchTimezone).Format("Mon Jan 2 3:04pm"),
	})
	return n.sendOnce(ctx, r, "pickup_ready", "pickup-ready:"+loan.ID, body)
}

func (n *notifier) SendReturnReceipt(ctx context.Context, loanID string) error {
	loan, err := n.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	r, err := n.recipientFor(ctx, loan)
	if err != nil {
		return err
	}
	body := n.render("return_receipt", map[string]string{"tool": r.tool.Name})
	return n.sendOnce(ctx, r, "return_receipt", "return-receipt:"+loan.ID, body)
}

// terminalStatuses are the receipt statuses we copy onto sms_messages.
var terminalStatuses = map[string]bool{"delivered": true, "undelivered": true, "failed": true}

// RecordReceipt stores a delivery receipt. Every copy the gateway posts is
// appended; the message row only takes terminal statuses.
func (n *notifier) RecordReceipt(ctx context.Context, rc smsgw.Receipt) error {
	if rc.MessageID == "" {
		return errors.New("receipt without message id")
	}
	reported := rc.ReportedAt
	if reported.IsZero() {
		reported = n.now()
	}
	if err := n.store.SMS().AppendReceipt(ctx, &domain.SMSReceipt{
		GatewayMsgID: rc.MessageID,
		Status:       rc.Status,
		ErrorCode:    rc.ErrorCode,
		ReportedAt:   reported.UTC(),
		ReceivedAt:   n.now(),
	}); err != nil {
		return err
	}
	if !terminalStatuses[rc.Status] {
		return nil
	}
	return n.store.SMS().UpdateStatusByGatewayID(ctx, rc.MessageID, rc.Status)
}
