package domain

import "time"

type Template string

const (
	TplPledgeConfirmed  Template = "pledge_confirmed"
	TplCampaignLaunched Template = "campaign_launched"
	TplCampaignUpdate   Template = "campaign_update"
	TplCampaignFunded   Template = "campaign_funded"
	TplCampaignFailed   Template = "campaign_failed"
	TplEndingSoon       Template = "ending_soon"
	TplShipped          Template = "shipped"
	TplDelivered        Template = "delivered"
	TplRefunded         Template = "refunded"
)

// Notification is an outbox row for an email to one recipient. (Template,
// Ref, Recipient) identifies the message.
type Notification struct {
	ID                string
	Template          Template
	Ref               string
	Recipient         string
	Subject           string
	Data              map[string]string
	SentAt            *time.Time
	ProviderMessageID string
	CreatedAt         time.Time
}
