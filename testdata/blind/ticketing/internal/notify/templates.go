package notify

import (
	"fmt"
	"html"
	"time"
)

// TicketEmail renders the ticket delivery e-mail.
func TicketEmail(to, fanName, eventName, venue string, startsAt time.Time, seat, barcode, walletURL string) Email {
	subject := fmt.Sprintf("Your ticket for %s", eventName)
	text := fmt.Sprintf("Hi %s,\n\nHere is your ticket for %s at %s on %s.\nSeat: %s\nCode: %s\nAdd to wallet: %s\n",
		fanName, eventName, venue, startsAt.Format("Mon 2 Jan 2006 15:04"), seat, barcode, walletURL)
	htmlBody := fmt.Sprintf("<p>Hi %s,</p><p>Here is your ticket for <b>%s</b> at %s on %s.</p><p>Seat %s &middot; <code>%s</code></p><p><a href=\"%s\">Add to wallet</a></p>",
		html.EscapeString(fanName), html.EscapeString(eventName), html.EscapeString(venue),
		startsAt.Format("Mon 2 Jan 2006 15:04"), html.EscapeString(seat), barcode, walletURL)
	return Email{To: to, Subject: subject, Text: text, HTML: htmlBody, Tag: "ticket"}
}

// CancellationEmail tells a fan their event is cancelled and a refund follows.
func CancellationEmail(to, fanName, eventName, reason string) Email {
	subject := fmt.Sprintf("%s has been cancelled", eventName)
	text := fmt.Sprintf("Hi %s,\n\nUnfortunately %s has been cancelled (%s). You will be refunded automatically to your original payment method within 5-10 working days.\n",
		fanName, eventName, reason)
	return Email{To: to, Subject: subject, Text: text, HTML: "<p>" + html.EscapeString(text) + "</p>", Tag: "cancellation"}
}

// PaymentReceivedEmail confirms a successful payment.
func PaymentReceivedEmail(to, fanName, orderID string, totalCents int64, currency string) Email {
	subject := "Payment received - your tickets are on the way"
	text := fmt.Sprintf("Hi %s,\n\nWe have received your payment of %d.%02d %s for order %s. Your tickets will arrive shortly.\n",
		fanName, totalCents/100, totalCents%100, currency, orderID)
	return Email{To: to, Subject: subject, Text: text, HTML: "<p>" + html.EscapeString(text) + "</p>", Tag: "receipt"}
}

// TicketSMS renders the SMS body for a ticket link.
func TicketSMS(eventName, seat, link string) string {
	return fmt.Sprintf("StagePass: your ticket for %s (seat %s): %s", eventName, seat, link)
}
