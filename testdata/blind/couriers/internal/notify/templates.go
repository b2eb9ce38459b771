package notify

import (
	"fmt"
	"time"
)

// Cents formats an amount in cents as dollars.
func Cents(c int64) string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}

// Welcome is sent when dispatch onboards a courier.
func Welcome(name string) string {
	return fmt.Sprintf("Welcome to Spoke & Chain, %s! Your earnings and weekly payouts will show up in the courier app. Reply HELP for help.", name)
}

// Statement summarises a paid weekly payout.
func Statement(name string, start, end time.Time, gross, tips, deductions, net int64) string {
	return fmt.Sprintf("Hi %s, your payout for %s-%s is on its way: earnings %s, tips %s, deductions %s, net %s.",
		name, start.Format("Jan 2"), end.AddDate(0, 0, -1).Format("Jan 2"),
		Cents(gross), Cents(tips), Cents(deductions), Cents(net))
}

// CashoutPaid confirms an instant cash-out.
func CashoutPaid(amount, fee int64) string {
	return fmt.Sprintf("Spoke & Chain: your instant cash-out of %s is on its way (fee %s).", Cents(amount-fee), Cents(fee))
}

// PayoutReversed tells a courier their bank bounced a payout.
func PayoutReversed(amount int64) string {
	return fmt.Sprintf("Spoke & Chain: your payout of %s came back from your bank. We'll add it to next week's payout; please check your payout details in the app.", Cents(amount))
}

// DepositRefunded confirms an equipment deposit refund.
func DepositRefunded(amount int64) string {
	return fmt.Sprintf("Spoke & Chain: your equipment deposit of %s has been refunded. Thanks for riding with us.", Cents(amount))
}

// EquipmentCharged tells a courier about a one-off equipment charge.
func EquipmentCharged(item string, amount int64) string {
	return fmt.Sprintf("Spoke & Chain: %s for %s will be deducted from your next payout.", Cents(amount), item)
}
