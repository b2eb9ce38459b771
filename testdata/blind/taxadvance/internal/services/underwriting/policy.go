package underwriting

import (
	"strings"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/money"
	"github.com/refundbridge/advance/internal/providers/bureau"
	"github.com/refundbridge/advance/internal/providers/taxprep"
)

// PolicyVersion is recorded on every decision.
const PolicyVersion = "2025.2"

// Input is everything the policy looks at.
type Input struct {
	Application domain.Application
	Report      bureau.Report
	Return      taxprep.ReturnSummary
}

// Result is the policy's outcome.
type Result struct {
	Outcome        domain.DecisionOutcome
	ApprovedCents  int64
	FeeCents       int64
	ReasonCodes    []string
	ReasonMessages []string
}

// rule declines when failed returns true. Codes are the adverse action
// reason codes printed on the notice.
type rule struct {
	code    string
	message string
	failed  func(Input) bool
}

var rules = []rule{
	{"AA01", "The IRS has rejected the tax return associated with this application",
		func(in Input) bool { return strings.EqualFold(in.Return.IRSAckStatus, domain.IRSRejected) }},
	{"AA02", "Expected federal refund is below the program minimum",
		func(in Input) bool { return in.Return.FederalRefundCents < 50000 }},
	{"AA03", "Unpaid balance on a prior year bank product",
		func(in Input) bool { return in.Return.PriorYearUnpaid }},
	{"AA04", "Credit file is frozen",
		func(in Input) bool { return in.Report.FrozenFile }},
	{"AA05", "Bankruptcy within the last seven years",
		func(in Input) bool { return in.Report.Bankruptcy }},
	{"AA06", "Serious delinquency on one or more accounts",
		func(in Input) bool { return in.Report.Delinquencies >= 3 }},
}

// tier caps the advance by the share of the refund we are willing to lend.
type tier struct {
	minScore int
	shareBps int
	capCents int64
}

var tiers = []tier{
	{minScore: 700, shareBps: 5000, capCents: 700000},
	{minScore: 620, shareBps: 4000, capCents: 400000},
	{minScore: 0, shareBps: 2500, capCents: 150000},
}

// feeBps is the lender fee charged against the refund at repayment.
const feeBps = 0

// Evaluate applies the rules and sizing tiers.
func Evaluate(in Input) Result {
	var res Result
	for _, r := range rules {
		if r.failed(in) {
			res.ReasonCodes = append(res.ReasonCodes, r.code)
			res.ReasonMessages = append(res.ReasonMessages, r.message)
		}
	}
	if len(res.ReasonCodes) > 0 {
		res.Outcome = domain.OutcomeDeclined
		return res
	}

	refund := in.Return.FederalRefundCents
	if in.Application.ExpectedRefundCents > 0 {
		refund = money.Min(refund, in.Application.ExpectedRefundCents)
	}
	var t tier
	for _, candidate := range tiers {
		if in.Report.Score >= candidate.minScore {
			t = candidate
			break
		}
	}
	amount := money.Min(money.Bps(refund, t.shareBps), t.capCents)
	amount = money.Min(amount, in.Application.RequestedAmountCents)
	amount = money.RoundDown(amount, 5000)
	if amount < 25000 {
		res.Outcome = domain.OutcomeDeclined
		res.ReasonCodes = []string{"AA07"}
		res.ReasonMessages = []string{"Eligible advance amount is below the program minimum"}
		return res
	}
	res.Outcome = domain.OutcomeApproved
	res.ApprovedCents = amount
	res.FeeCents = money.Bps(amount, feeBps)
	return res
}

// ReasonText maps a stored code back to its notice text.
func ReasonText(code string) string {
	for _, r := range rules {
		if r.code == code {
			return r.message
		}
	}
	if code == "AA07" {
		return "Eligible advance amount is below the program minimum"
	}
	return code
}
