module example.com/payments

go 1.25

require (
	github.com/google/uuid v1.6.0
	github.com/stripe/stripe-go/v82 v82.5.1
)
