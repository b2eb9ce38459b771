package sendwell

import (
	"context"

	"github.com/velvetchair/salon/internal/core/domain"
)

type address struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

type emailBody struct {
	From    address           `json:"from"`
	To      []address         `json:"to"`
	Subject string            `json:"subject"`
	HTML    string            `json:"html,omitempty"`
	Text    string            `json:"text,omitempty"`
	Tags    map[string]string `json:"tags,omitempty"`
}

// SendEmail submits one transactional email.
func (c *Client) SendEmail(ctx context.Context, msg domain.OutboundEmail) (domain.SendResult, error) {
	var out sendResponse
	err := c.post(ctx, "/email", emailBody{
		From:    address{Email: c.senderEmail, Name: c.senderName},
		To:      []address{{Email: msg.To, Name: msg.ToName}},
		Subject: msg.Subject,
		HTML:    msg.HTMLBody,
		Text:    msg.TextBody,
		Tags:    msg.Tags,
	}, &out)
	if err != nil {
		return domain.SendResult{}, err
	}
	return domain.SendResult{ProviderMessageID: out.MessageID, Status: out.Status}, nil
}
