package events

import "time"

type SNSEvent struct {
	Records []SNSEventRecord `json:"Records"`
}

type SNSEventRecord struct {
	EventVersion         string    `json:"EventVersion"`
	EventSubscriptionArn string    `json:"EventSubscriptionArn"`
	EventSource          string    `json:"EventSource"`
	SNS                  SNSEntity `json:"Sns"`
}

type SNSEntity struct {
	Signature string    `json:"Signature"`
	MessageID string    `json:"MessageId"`
	Type      string    `json:"Type"`
	TopicArn  string    `json:"TopicArn"`
	Message   string    `json:"Message"`
	Timestamp time.Time `json:"Timestamp"`
	Subject   string    `json:"Subject"`
}
