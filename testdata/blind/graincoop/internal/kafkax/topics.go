package kafkax

// Topics consumed or produced by graincoop services.
const (
	TopicTicketGraded       = "grain.ticket.graded"
	TopicQualityRegraded    = "grain.quality.regraded"
	TopicDeliveryRecorded   = "grain.delivery.recorded"
	TopicPremiumPosted      = "grain.premium.posted"
	TopicAdvanceApproved    = "grain.advance.approved"
	TopicSettlementFinalize = "grain.settlement.finalized"
	TopicContractSigned     = "grain.contract.signed"
	TopicContractAmended    = "grain.contract.amended"
)
