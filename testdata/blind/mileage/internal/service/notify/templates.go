// Package notify texts members about account activity and statements.
package notify

import (
	"fmt"
	"strings"
)

// templates renders SMS bodies. Parameters missing from a message render as
// empty strings.
var templates = map[string]string{
	"miles_posted":               "Northwind Miles: {miles} miles from {partner} have been added to your account.",
	"award_ticketed":             "Northwind Miles: your award ticket is confirmed. Booking reference {pnr}.",
	"award_unavailable":          "Northwind Miles: the award seats for offer {offer} are no longer available. No miles were taken.",
	"award_cancelled_by_airline": "Northwind Miles: booking {pnr} was cancelled by the airline. {miles} miles have been returned.",
	"upgrade_confirmed":          "Northwind Miles: your upgrade to {cabin} on {pnr} is confirmed.",
	"upgrade_unavailable":        "Northwind Miles: no upgrade space on {pnr}. No miles were taken.",
	"transfer_submitted":         "Northwind Miles: {points} points are on their way to your {partner} account.",
	"transfer_reversed":          "Northwind Miles: your transfer to {partner} was reversed and the miles returned.",
	"statement":                  "Northwind Miles {period}: balance {balance} miles, tier {tier}. Details in the app.",
	"tier_upgrade":               "Congratulations! You are now Northwind {tier}. Enjoy your new benefits.",
}

func render(name string, params map[string]string) (string, error) {
	t, ok := templates[name]
	if !ok {
		return "", fmt.Errorf("unknown template %q", name)
	}
	pairs := make([]string, 0, len(params)*2)
	for k, v := range params {
		pairs = append(pairs, "{"+k+"}", v)
	}
	out := strings.NewReplacer(pairs...).Replace(t)
	for strings.Contains(out, "{") {
		i := strings.Index(out, "{")
		j := strings.Index(out[i:], "}")
		if j < 0 {
			break
		}
		out = out[:i] + out[i+j+1:]
	}
	return out, nil
}

// Render is exported for the scheduler, which texts members directly.
func Render(name string, params map[string]string) (string, error) { return render(name, params) }
