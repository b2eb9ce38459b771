package notify

import (
	"fmt"
	"html"
	"strings"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/store"
)

func money(cents int64, currency string) string {
	sym := "$"
	switch strings.ToLower(currency) {
	case "eur":
		sym = "€"
	case "gbp":
		sym = "£"
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}

func paragraphs(s string) string {
	var b strings.Builder
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		b.WriteString("<p>")
		b.WriteString(strings.ReplaceAll(html.EscapeString(p), "\n", "<br>"))
		b.WriteString("</p>")
	}
	return b.String()
}

func thankYouMessage(note db.ThankYouNote, reg db.Registry, couple db.Couple) mailer.Message {
	return mailer.Message{
		To:             []string{note.RecipientEmail},
		ReplyTo:        couple.Email,
		Subject:        fmt.Sprintf("A thank-you from %s", couple.DisplayName),
		HTML:           fmt.Sprintf("<p>Dear %s,</p>%s<p>— %s</p>", html.EscapeString(note.RecipientName), paragraphs(note.Body), html.EscapeString(couple.DisplayName)),
		Text:           note.Body,
		Category:       "thank_you",
		Tags:           map[string]string{"registry_id": reg.ID, "note_id": note.ID},
		IdempotencyKey: mailer.StableKey("thank-you", note.ID),
	}
}

func receiptMessage(c db.Contribution, reg db.Registry, couple db.Couple) mailer.Message {
	target := "their cash fund"
	if c.GroupGiftID.Valid {
		target = "a group gift"
	}
	return mailer.Message{
		To:       []string{c.GuestEmail},
		Subject:  fmt.Sprintf("Your gift to %s", couple.DisplayName),
		HTML:     fmt.Sprintf("<p>Hi %s,</p><p>Thank you for contributing %s to %s on %s's registry.</p><p>Receipt: %s</p>", html.EscapeString(c.GuestName), money(c.AmountCents, c.Currency), target, html.EscapeString(couple.DisplayName), c.ID),
		Category: "receipt",
		Tags:     map[string]string{"registry_id": reg.ID, "contribution_id": c.ID},
	}
}

func digestMessage(reg db.Registry, couple db.Couple, act store.Activity) mailer.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "<p>Here is what happened on <b>%s</b>:</p><ul>", html.EscapeString(reg.Title))
	var total int64
	for _, p := range act.Purchases {
		fmt.Fprintf(&b, "<li>%s bought %d × item %s</li>", html.EscapeString(p.GuestName), p.Quantity, p.ItemID)
		total += p.AmountCents
	}
	for _, c := range act.Contributions {
		fmt.Fprintf(&b, "<li>%s contributed %s</li>", html.EscapeString(c.GuestName), money(c.AmountCents, c.Currency))
		total += c.AmountCents
	}
	b.WriteString("</ul>")
	fmt.Fprintf(&b, "<p>Total gifted: %s</p>", money(total, reg.Currency))
	return mailer.Message{
		To:             []string{couple.Email},
		Subject:        fmt.Sprintf("%d new gifts on your registry", len(act.Purchases)+len(act.Contributions)),
		HTML:           b.String(),
		Category:       "digest",
		Tags:           map[string]string{"registry_id": reg.ID},
		IdempotencyKey: mailer.MessageKey("digest", reg.ID),
	}
}

func announcementMessage(reg db.Registry, couple db.Couple, publicURL string) mailer.Message {
	link := strings.TrimRight(publicURL, "/") + "/r/" + reg.Slug
	return mailer.Message{
		To:             []string{couple.Email},
		Subject:        "Your registry is live",
		HTML:           fmt.Sprintf("<p>Congratulations, %s!</p><p>Your registry <b>%s</b> is live at <a href=\"%s\">%s</a>. Share the link with your guests.</p>", html.EscapeString(couple.DisplayName), html.EscapeString(reg.Title), link, link),
		Category:       "announcement",
		Tags:           map[string]string{"registry_id": reg.ID},
		IdempotencyKey: mailer.StableKey("registry-live", reg.ID),
	}
}

// InvitationMessage builds the invitation sent to one guest.
func InvitationMessage(reg db.Registry, coupleName, guestName, guestEmail, note, publicURL string) mailer.Message {
	link := strings.TrimRight(publicURL, "/") + "/r/" + reg.Slug
	greeting := "Hello"
	if guestName != "" {
		greeting = "Dear " + html.EscapeString(guestName)
	}
	body := fmt.Sprintf("<p>%s,</p><p>%s would love for you to see their registry.</p>", greeting, html.EscapeString(coupleName))
	if note != "" {
		body += paragraphs(note)
	}
	body += fmt.Sprintf("<p><a href=\"%s\">View the registry</a></p>", link)
	return mailer.Message{
		To:       []string{guestEmail},
		Subject:  fmt.Sprintf("%s's registry", coupleName),
		HTML:     body,
		Category: "invitation",
		Tags:     map[string]string{"registry_id": reg.ID},
	}
}
