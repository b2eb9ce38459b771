// Package payout is a stub of github.com/stripe/stripe-go/v82/payout for analysistest.
package payout

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.PayoutParams) (*stripe.Payout, error)               { return nil, nil }
func Get(id string, params *stripe.PayoutParams) (*stripe.Payout, error)    { return nil, nil }
func Cancel(id string, params *stripe.PayoutParams) (*stripe.Payout, error) { return nil, nil }
