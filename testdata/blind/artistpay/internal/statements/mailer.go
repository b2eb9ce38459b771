package statements

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/providers/postlane"
)

const channelEmail = "email"

var statementHTML = template.Must(template.New("statement").Funcs(template.FuncMap{
	"money": func(micros int64) string { return fmt.Sprintf("%.2f", float64(micros)/1e6) },
}).Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<h2>Your royalty statement for {{.Period}}</h2>
<p>Hi {{.Artist.Name}},</p>
<table cellpadding="6">
<tr><td>Earnings</td><td align="right">{{money .Statement.GrossMicros}} {{.Statement.Currency}}</td></tr>
<tr><td>Advance recoupment</td><td align="right">-{{money .Statement.RecoupedMicros}} {{.Statement.Currency}}</td></tr>
<tr><td><b>Net</b></td><td align="right"><b>{{money .Statement.NetMicros}} {{.Statement.Currency}}</b></td></tr>
</table>
<p>Line-by-line detail is available in your dashboard.</p>
</body></html>`))

// Mailer emails statements to artists.
type Mailer struct {
	db   *gorm.DB
	send func(ctx context.Context, msg postlane.Message, opts ...postlane.SendOption) (*postlane.Receipt, error)
	from string
	now  func() time.Time
}

// NewMailer returns the statement mailer.
func NewMailer(db *gorm.DB, sender postlane.Sender, cfg config.Config) *Mailer {
	return &Mailer{db: db, send: sender.Send, from: cfg.StatementsFrom, now: func() time.Time { return time.Now().UTC() }}
}

// Deliver emails the statement unless it already went out.
func (m *Mailer) Deliver(ctx context.Context, statementID string) error {
	db := m.db.WithContext(ctx)
	var st models.Statement
	if err := db.First(&st, "id = ?", statementID).Error; err != nil {
		return err
	}
	var delivered int64
	if err := db.Model(&models.StatementDelivery{}).
		Where("statement_id = ? AND channel = ?", st.ID, channelEmail).
		Count(&delivered).Error; err != nil {
		return err
	}
	if delivered > 0 {
		return nil
	}
	var artist models.Artist
	if err := db.First(&artist, "id = ?", st.ArtistID).Error; err != nil {
		return err
	}
	html, err := render(&st, &artist)
	if err != nil {
		return err
	}

	receipt, err := m.send(ctx, postlane.Message{
		From:     m.from,
		To:       artist.Email,
		Subject:  "Your royalty statement for " + st.Period,
		HTML:     html,
		Metadata: map[string]string{"statement_id": st.ID, "artist_id": artist.ID},
	}, postlane.WithTag("statement"))
	if err != nil {
		return fmt.Errorf("statements: send: %w", err)
	}

	return db.Create(&models.StatementDelivery{
		StatementID:       st.ID,
		Channel:           channelEmail,
		ProviderMessageID: receipt.MessageID,
		SentAt:            m.now(),
	}).Error
}

func render(st *models.Statement, a *models.Artist) (string, error) {
	var buf bytes.Buffer
	err := statementHTML.Execute(&buf, map[string]any{
		"Period":    st.Period,
		"Artist":    a,
		"Statement": st,
	})
	return buf.String(), err
}
