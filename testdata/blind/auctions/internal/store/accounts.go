// Package store contains the hand-written Postgres repositories. Every
// method takes a pgdb.Querier so that callers decide whether it runs on the
// pool or inside their transaction.
package store

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Accounts reads buyer and seller accounts.
type Accounts struct{}

// NewAccounts returns an Accounts repository.
func NewAccounts() *Accounts { return &Accounts{} }

// Get loads one account.
func (r *Accounts) Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error) {
	var a domain.Account
	var phone, cust, pm, acct, hook, secret, name, line1, city, pc, country *string
	err := q.QueryRow(ctx, `
		SELECT id, email, phone, display_name, stripe_customer_id, default_payment_method,
		       stripe_account_id, webhook_url, webhook_secret,
		       ship_name, ship_line1, ship_city, ship_postcode, ship_country
		FROM accounts WHERE id = $1`, id).Scan(
		&a.ID, &a.Email, &phone, &a.DisplayName, &cust, &pm, &acct, &hook, &secret,
		&name, &line1, &city, &pc, &country)
	if err != nil {
		return domain.Account{}, fmt.Errorf("accounts: get %s: %w", id, pgdb.NotFound(err))
	}
	a.Phone = deref(phone)
	a.StripeCustomerID = deref(cust)
	a.DefaultPaymentMethod = deref(pm)
	a.StripeAccountID = deref(acct)
	a.WebhookURL = deref(hook)
	a.WebhookSecret = deref(secret)
	a.ShipTo = domain.Address{
		Name: deref(name), Line1: deref(line1), City: deref(city),
		Postcode: deref(pc), Country: deref(country),
	}
	return a, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
