package consumers

import (
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/service/applications"
	"github.com/brightpay/lending/internal/service/disbursement"
	"github.com/brightpay/lending/internal/service/fees"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

func CreditCheck(svc applications.Service) Registration {
	return Registration{
		Topic:   events.TopicApplicationSubmitted,
		Name:    "credit-check",
		Handler: JSON(svc.StartCreditCheck),
	}
}

func Disbursement(svc disbursement.Service) Registration {
	return Registration{
		Topic:   events.TopicLoanAccepted,
		Name:    "disbursement",
		Handler: JSON(svc.Disburse),
	}
}

func OrderAdjustments(svc loans.Service) Registration {
	return Registration{
		Topic:   events.TopicOrderAdjustments,
		Name:    "order-adjustments",
		Handler: JSON(svc.ApplyOrderAdjustment),
	}
}

func RepaymentAllocator(svc repayments.Service) Registration {
	return Registration{
		Topic:   events.TopicRepaymentSettled,
		Name:    "repayment-allocator",
		Handler: JSON(svc.Allocate),
	}
}

func FeeCharger(svc fees.Service) Registration {
	return Registration{
		Topic:   events.TopicFeeAssessed,
		Name:    "fee-charger",
		Handler: JSON(svc.ChargeFee),
	}
}
