package service

import (
	"fmt"
	"strings"
	"time"

	"github.com/haulright/movers/internal/domain"
)

func dollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}

func day(t time.Time) string { return t.Format("Mon Jan 2") }

func bookingConfirmedEmail(c *domain.Customer, b *domain.Booking) (string, string) {
	subject := fmt.Sprintf("Your move on %s is booked", day(b.MoveDate))
	body := fmt.Sprintf(`Hi %s,

Thanks for booking with HaulRight. Your crew of %d will arrive at
%s on %s.

Estimated total: %s
Deposit due to confirm: %s

Reply to this email with any questions.
`, firstName(c.FullName), b.CrewSize, b.OriginAddress, day(b.MoveDate), dollars(b.EstTotalCents), dollars(b.DepositCents))
	return subject, body
}

func depositReceivedSMS(b *domain.Booking, amount int64) string {
	return fmt.Sprintf("HaulRight: deposit of %s received. Your move on %s is confirmed.", dollars(amount), day(b.MoveDate))
}

func rescheduledSMS(b *domain.Booking, fee int64) string {
	msg := fmt.Sprintf("HaulRight: your move is now on %s.", day(b.MoveDate))
	if fee > 0 {
		msg += fmt.Sprintf(" A change fee of %s will appear on your final invoice.", dollars(fee))
	}
	return msg
}

func cancelledSMS(b *domain.Booking, refund int64) string {
	if refund > 0 {
		return fmt.Sprintf("HaulRight: your move on %s is cancelled. %s is on its way back to your card.", day(b.MoveDate), dollars(refund))
	}
	return fmt.Sprintf("HaulRight: your move on %s is cancelled.", day(b.MoveDate))
}

func surveyBookedSMS(s *domain.Survey) string {
	return fmt.Sprintf("HaulRight: your moving survey is booked for %s at %s.", day(s.ScheduledAt), s.ScheduledAt.Format("3:04 PM"))
}

func surveyReminderSMS(s *domain.Survey, reminder string) string {
	when := "tomorrow"
	if reminder == "2h" {
		when = "in about two hours"
	}
	return fmt.Sprintf("Reminder: your HaulRight survey at %s is %s. Reply C to reschedule.", s.Address, when)
}

func truckAssignedSMS(unit, depot string) string {
	return fmt.Sprintf("HaulRight: truck %s is ready for pickup at %s.", unit, depot)
}

func claimFiledEmail(c *domain.Customer, cl *domain.Claim) (string, string) {
	return "We received your damage claim", fmt.Sprintf(`Hi %s,

We have opened claim %s for "%s" (%s). An adjuster will contact you
within two business days.
`, firstName(c.FullName), cl.ID, cl.ItemDescription, dollars(cl.AmountClaimedCents))
}

func storageOpenedSMS(l *domain.StorageLot) string {
	return fmt.Sprintf("HaulRight: your belongings are stored at %s (%d vaults). Monthly rate %s.", l.Warehouse, l.Vaults, dollars(l.MonthlyRateCents))
}

func invoiceEmail(c *domain.Customer, inv *domain.Invoice) (string, string) {
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\nHere is the final invoice for your move.\n\n", firstName(c.FullName))
	for _, l := range inv.Lines {
		fmt.Fprintf(&b, "  %-40s %10s\n", l.Description, dollars(l.AmountCents))
	}
	fmt.Fprintf(&b, "\n  %-40s %10s\n", "Subtotal", dollars(inv.SubtotalCents))
	fmt.Fprintf(&b, "  %-40s %10s\n", "Deposit applied", dollars(-inv.DepositAppliedCents))
	fmt.Fprintf(&b, "  %-40s %10s\n", "Balance due", dollars(inv.TotalDueCents))
	return fmt.Sprintf("Invoice for your move (%s)", inv.ID.String()[:8]), b.String()
}

func rosterSMS(lines []string, dayStr string) string {
	return fmt.Sprintf("HaulRight roster %s:\n%s", dayStr, strings.Join(lines, "\n"))
}

func firstName(full string) string {
	if i := strings.IndexByte(full, ' '); i > 0 {
		return full[:i]
	}
	return full
}
