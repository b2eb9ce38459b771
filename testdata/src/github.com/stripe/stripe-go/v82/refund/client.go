// Package refund is a stub of github.com/stripe/stripe-go/v82/refund for analysistest.
package refund

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.RefundParams) (*stripe.Refund, error)            { return nil, nil }
func Get(id string, params *stripe.RefundParams) (*stripe.Refund, error) { return nil, nil }
