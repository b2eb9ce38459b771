// Package charge is a stub of github.com/stripe/stripe-go/v82/charge for analysistest.
package charge

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.ChargeParams) (*stripe.Charge, error)                       { return nil, nil }
func Get(id string, params *stripe.ChargeParams) (*stripe.Charge, error)            { return nil, nil }
func Capture(id string, params *stripe.ChargeCaptureParams) (*stripe.Charge, error) { return nil, nil }
