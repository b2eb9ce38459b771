package sendwell

import (
	"context"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type smsBody struct {
	To              string            `json:"to"`
	From            string            `json:"from"`
	Body            string            `json:"body"`
	ClientReference string            `json:"client_reference,omitempty"`
	Validity        int               `json:"validity_minutes,omitempty"`
	Tags            map[string]string `json:"tags,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// SendSMS submits one text message.
func (c *Client) SendSMS(ctx context.Context, msg domain.OutboundSMS, opts ...ports.SMSOption) (domain.SendResult, error) {
	var o ports.SMSOptions
	for _, fn := range opts {
		fn(&o)
	}
	from := msg.From
	if from == "" {
		from = c.defaultFrom
	}
	var out sendResponse
	err := c.post(ctx, "/sms", smsBody{
		To:              msg.To,
		From:            from,
		Body:            msg.Body,
		ClientReference: o.ClientReference,
		Validity:        o.ValidityMinutes,
		Tags:            msg.Tags,
	}, &out)
	if err != nil {
		return domain.SendResult{}, err
	}
	return domain.SendResult{ProviderMessageID: out.MessageID, Status: out.Status}, nil
}
