// Package transfer is a stub of github.com/stripe/stripe-go/v82/transfer for analysistest.
package transfer

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.TransferParams) (*stripe.Transfer, error)            { return nil, nil }
func Get(id string, params *stripe.TransferParams) (*stripe.Transfer, error) { return nil, nil }
