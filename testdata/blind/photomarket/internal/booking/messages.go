package booking

import (
	"context"
	"strings"
	"time"

	"github.com/rs/xid"
)

// Message is a chat message between client and photographer.
type Message struct {
	ID         string    `json:"id"`
	BookingID  string    `json:"booking_id"`
	AuthorID   string    `json:"author_id"`
	AuthorRole string    `json:"author_role"`
	Body       string    `json:"body"`
	CreatedAt  time.Time `json:"created_at"`
}

func (Message) Table() string { return "booking_messages" }

func (Message) Columns() []string {
	return []string{"id", "booking_id", "author_id", "author_role", "body", "created_at"}
}

func (m *Message) Values() []any {
	return []any{m.ID, m.BookingID, m.AuthorID, m.AuthorRole, m.Body, m.CreatedAt}
}

func (m *Message) ScanDest() []any {
	return []any{&m.ID, &m.BookingID, &m.AuthorID, &m.AuthorRole, &m.Body, &m.CreatedAt}
}

const maxMessageLen = 4000

// PostMessage appends a message to the booking's conversation.
func (s *Service) PostMessage(ctx context.Context, bookingID, authorID, role, body string) (*Message, error) {
	b, err := s.Get(ctx, bookingID, authorID)
	if err != nil {
		return nil, err
	}
	body = strings.TrimSpace(body)
	if body == "" || len(body) > maxMessageLen {
		return nil, ErrInvalid
	}
	m := &Message{
		ID:         "msg_" + xid.New().String(),
		BookingID:  b.ID,
		AuthorID:   authorID,
		AuthorRole: role,
		Body:       body,
		CreatedAt:  s.now().UTC(),
	}
	if err := s.messages.Insert(ctx, m); err != nil {
		return nil, err
	}
	return m, nil
}
