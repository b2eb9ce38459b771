package disbursement

import (
	"context"
	"fmt"
	"strings"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/repo"
)

// Names of the function activities registered from Registry.
const (
	ActivityIssueEmergencyPayout = "payout.issue_emergency"
	ActivityNotifyApplicantSMS   = "notify.applicant_sms"
	ActivityPayoutNoticeEmail    = "email.payout_notice"
)

// Deps are the collaborators of the function activities.
type Deps struct {
	Emergency     repo.EmergencyPayouts
	Orgs          repo.Organizations
	Notifications repo.Notifications
	Bank          ports.BankPayouts
	SMS           ports.SMS
	Mailer        ports.Mailer
	Policy        retry.Policy
}

// Registry returns the function activities keyed by registered name.
func Registry(d Deps) map[string]any {
	return map[string]any{
		ActivityIssueEmergencyPayout: newIssueEmergencyPayout(d),
		ActivityNotifyApplicantSMS:   newNotifyApplicantSMS(d),
		ActivityPayoutNoticeEmail:    newPayoutNoticeEmail(d),
	}
}

func newIssueEmergencyPayout(d Deps) func(context.Context, EmergencyInput) (string, error) {
	return func(ctx context.Context, in EmergencyInput) (string, error) {
		ep, err := d.Emergency.Ensure(ctx, domain.EmergencyPayout{
			RequestID:   in.RequestID,
			OrgID:       in.OrgID,
			AmountCents: in.AmountCents,
		})
		if err != nil {
			return "", err
		}
		if ep.Status == domain.PayoutSubmitted && ep.BankTransferID != nil {
			return *ep.BankTransferID, nil
		}

		org, err := d.Orgs.Get(ctx, in.OrgID)
		if err != nil {
			return "", err
		}
		t, err := retry.DoValue(ctx, d.Policy, func() (*ports.Transfer, error) {
			t, err := d.Bank.CreateTransfer(ctx, ports.TransferRequest{
				Reference:      in.RequestID,
				BeneficiaryRef: org.BankAccountRef,
				AmountCents:    in.AmountCents,
				Currency:       in.Currency,
				Narrative:      "CivicFund emergency grant",
			})
			return t, retry.ClassifyHTTP(err)
		})
		if err != nil {
			return "", fmt.Errorf("emergency payout %s: %w", in.RequestID, err)
		}
		if err := d.Emergency.MarkSubmitted(ctx, in.RequestID, t.ID); err != nil {
			return "", err
		}
		return t.ID, nil
	}
}

func newNotifyApplicantSMS(d Deps) func(context.Context, SMSInput) error {
	return func(ctx context.Context, in SMSInput) error {
		org, err := d.Orgs.Get(ctx, in.OrgID)
		if err != nil {
			return err
		}
		if strings.TrimSpace(org.ContactPhone) == "" {
			return nil
		}
		body := fmt.Sprintf("CivicFund: %s is on its way to %s (ref %s).",
			formatMoney(in.AmountCents, "USD"), org.Name, in.Reference)
		if err := d.SMS.Send(ctx, org.ContactPhone, body); err != nil {
			return err
		}
		return d.Notifications.AppendSMS(ctx, ids.New(), org.ID, org.ContactPhone, body)
	}
}

func newPayoutNoticeEmail(d Deps) func(context.Context, NoticeInput) error {
	return func(ctx context.Context, in NoticeInput) error {
		org, err := d.Orgs.Get(ctx, in.OrgID)
		if err != nil {
			return err
		}
		if org.ContactEmail == "" {
			return nil
		}
		return d.Mailer.Send(ctx, ports.Email{
			MessageID: "payout-notice:" + in.PayoutID,
			To:        org.ContactEmail,
			Template:  "grant-payout-notice",
			Vars: map[string]any{
				"org_name": org.Name,
				"amount":   formatMoney(in.AmountCents, "USD"),
				"tranche":  in.Tranche,
				"payout":   in.PayoutID,
			},
		})
	}
}
