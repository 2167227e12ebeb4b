package site

import (
	"bytes"
	"fmt"
	"html"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"

	"cb2026/book"

	"github.com/yuin/goldmark/ast"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The plot's size and type, in points (the SVG scales to the page's width).
const (
	plotWidth    = 5 * vg.Inch
	plotHeight   = 3 * vg.Inch
	plotFontSize = 10
)

// plotFont is the face gonum measures the text with; the page shows it in
// its own sans-serif face (plotSVG rewrites the family).
var plotFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// plotInk is the colour gonum draws axes and text in; plotSVG makes it the
// page's text colour (currentColor), so a plot reads in light and dark mode.
var plotInk = color.RGBA{A: 255}

// plotPalette gives each line a colour; plotSVG turns colour i into the CSS
// variable --plot-(i+1), which style.css sets for light and dark mode. The
// colours here are only markers for that rewrite (and the fallback).
var plotPalette = []color.RGBA{
	{R: 0x1d, G: 0x4e, B: 0xd8, A: 255},
	{R: 0xc2, G: 0x41, B: 0x0c, A: 255},
	{R: 0x15, G: 0x80, B: 0x3d, A: 255},
	{R: 0x86, G: 0x19, B: 0x8f, A: 255},
	{R: 0x6b, G: 0x72, B: 0x80, A: 255},
}

// plotColour returns colour i of plotPalette (counted from 0, cycling) as
// its CSS variable, with the colour itself as the fallback.
func plotColour(i int) string {
	c := plotPalette[i%len(plotPalette)]
	return fmt.Sprintf("var(--plot-%d,#%02x%02x%02x)", i%len(plotPalette)+1, c.R, c.G, c.B)
}

// plotGlyphs tell the lines apart without colour (in print, for readers who
// do not see the colours).
var plotGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}}

// newChart returns a gonum plot with the book's fonts and ink and no
// background (the page's shows through).
func newChart(xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = nil
	for _, ts := range []*vgText{{&p.Title.TextStyle.Font, &p.Title.TextStyle.Color}, {&p.X.Label.TextStyle.Font, &p.X.Label.TextStyle.Color},
		{&p.Y.Label.TextStyle.Font, &p.Y.Label.TextStyle.Color}, {&p.X.Tick.Label.Font, &p.X.Tick.Label.Color},
		{&p.Y.Tick.Label.Font, &p.Y.Tick.Label.Color}, {&p.Legend.TextStyle.Font, &p.Legend.TextStyle.Color}} {
		*ts.font = plotFont
		ts.font.Size = plotFontSize
		*ts.color = plotInk
	}
	for _, ls := range []*draw.LineStyle{&p.X.LineStyle, &p.Y.LineStyle, &p.X.Tick.LineStyle, &p.Y.Tick.LineStyle} {
		ls.Color = plotInk
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), -vg.Points(4)
	return p
}

// vgText points at one text style's font and colour, to set them alike.
type vgText struct {
	font  *font.Font
	color *color.Color
}

// chartSVG draws the plot as an inline SVG element: a line with markers per
// series, on a log scale if asked, the legend at the top left.
func chartSVG(pl *book.Plot) (string, error) {
	p := newChart(pl.XLabel, pl.YLabel)
	if pl.Log {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = powerTicks{}
	}
	p.X.Tick.Marker = integerTicks{}
	for i, s := range pl.Series {
		xys := make(plotter.XYs, len(s.Points))
		for j, pt := range s.Points {
			xys[j] = plotter.XY{X: pt.X, Y: pt.Y}
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return "", fmt.Errorf("plot %q: line %q: %w", pl.Caption, s.Name, err)
		}
		c := plotPalette[i%len(plotPalette)]
		line.Color, line.Width = c, vg.Points(1.5)
		points.Color, points.Shape, points.Radius = c, plotGlyphs[i%len(plotGlyphs)], vg.Points(3)
		p.Add(line, points)
		p.Legend.Add(s.Name, line, points)
	}
	// Leave room above the highest point for the legend at the top left:
	// its share of the height, above the data's span, with no values
	// marked in it but the first above the data.
	f := float64(len(pl.Series)*14+10) / float64(plotHeight-40)
	if !pl.Log {
		p.Y.Tick.Marker = plainTicks{top: p.Y.Max}
	}
	if pl.Log {
		p.Y.Max *= math.Pow(p.Y.Max/p.Y.Min, f/(1-f))
	} else {
		p.Y.Max += (p.Y.Max - p.Y.Min) * f / (1 - f)
	}
	return renderChart(p, pl.Caption)
}

// renderChart draws a chart and makes its SVG the page's: sized by CSS,
// drawn in the text's colour, each line's colour a CSS variable.
func renderChart(p *plot.Plot, caption string) (string, error) {
	c := vgsvg.New(plotWidth, plotHeight)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("plot %q: %w", caption, err)
	}
	return plotSVG(buf.String(), caption), nil
}

// svgHead is gonum's SVG prologue up to the root element's attributes.
var svgHead = regexp.MustCompile(`(?s)^.*?<svg width="[^"]*" height="[^"]*"`)

// plotSVG turns gonum's standalone SVG into an inline element for the page:
// no XML prologue and fixed size (CSS sizes it), black as the text's
// colour, the palette as CSS variables, the page's sans-serif face.
func plotSVG(svg, caption string) string {
	svg = svgHead.ReplaceAllString(svg, fmt.Sprintf(`<svg class="plot" role="img" aria-label="%s" fill="currentColor"`, html.EscapeString(caption)))
	svg = strings.Replace(svg, ">", "><title>"+html.EscapeString(caption)+"</title>", 1)
	svg = strings.ReplaceAll(svg, "#000000", "currentColor")
	for i, c := range plotPalette {
		hex := fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
		svg = strings.ReplaceAll(svg, hex, fmt.Sprintf("var(--plot-%d, %s)", i+1, hex))
	}
	svg = strings.ReplaceAll(svg, "font-family:Liberation Sans;", "font-family:var(--sans);")
	return strings.TrimSpace(svg)
}

// powerTicks marks a log axis at each power of ten, labelled 1, 10, 100,
// 1k … 1M … 1G, with unlabelled minor ticks at 2 to 9 times each; on an
// axis of less than 2.5 powers of ten, 2 and 5 times are labelled too.
type powerTicks struct{}

// Ticks implements plot.Ticker.
func (powerTicks) Ticks(lo, hi float64) []plot.Tick {
	short := hi/lo < 300
	first, last := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	// A label each power of ten while they stand a label's height apart or
	// more; over more than maxDecades of them, every second or third.
	every := int(math.Ceil((last - first) / maxDecades))
	var ticks []plot.Tick
	for e := first; e <= last; e++ {
		for m := 1; m < 10; m++ {
			v := float64(m) * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if (m == 1 && int(e)%every == 0) || (short && (m == 2 || m == 5)) {
				t.Label = powerLabel(m, int(e))
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// maxDecades is how many powers of ten a log axis labels at most: with
// plotHeight and plotFontSize, a decade each is about two lines of label.
const maxDecades = 8

// powerLabel writes m·10^e short: 1, 20, 500, 1k, 20k, 5M, ….
func powerLabel(m, e int) string {
	suffix := []string{"", "k", "M", "G", "T"}
	if e < 0 || e/3 >= len(suffix) {
		return fmt.Sprintf("%de%d", m, e)
	}
	return strconv.Itoa(m*int(math.Pow(10, float64(e%3)))) + suffix[e/3]
}

// integerTicks marks every whole number of a short axis (depths, stages),
// or every second or fifth one of a longer one.
type integerTicks struct{}

// Ticks implements plot.Ticker.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for _, st := range []float64{1, 2, 5, 10, 20, 50, 100} {
		if step = st; (hi-lo)/step <= 16 {
			break
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}

// plainTicks are gonum's default ticks on a linear axis, labelled without
// trailing zeros (250, not 250.00).
type plainTicks struct {
	// the highest value marked, when the axis runs on above the data to
	// leave the legend room (0: the whole axis is marked)
	top float64
}

// Ticks implements plot.Ticker. The ticks are chosen for the data's range,
// up to top: the room above it holds the legend, not values.
func (pt plainTicks) Ticks(lo, hi float64) []plot.Tick {
	if pt.top != 0 && lo < pt.top && pt.top < hi {
		hi = pt.top
	}
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = strings.Replace(strconv.FormatFloat(t.Value, 'f', -1, 64), "-", "\u2212", 1)
		}
	}
	return ticks
}

// plots draws plot blocks as SVG on the site.
var plots = drawnBlocks{lang: book.PlotLang, kind: ast.NewNodeKind("Plot"), draw: plotBlockHTML}

// plotBlockHTML draws a plot block from the table or the transcript just
// above it.
func plotBlockHTML(f *ast.FencedCodeBlock, src []byte) string {
	source := "the numbers of the table above, measured by make check"
	if book.TranscriptAbove(f, src) != nil {
		source = "the engine's output above, which make check runs again"
	}
	return plotHTML(book.BlockAttrs(f, src), string(f.Lines().Value(src)), book.PlotTable(f, src), source)
}

// plotHTML draws a plot block as a figure with its caption, or says what is
// wrong with it (the check reports it too).
func plotHTML(attrs map[string]string, body string, table [][]book.TableCell, source string) string {
	p, err := book.ParsePlot(attrs, body, table)
	if err != nil {
		return `<p class="plot-error">` + html.EscapeString(err.Error()) + `</p>`
	}
	svg, err := drawPlot(p)
	if err != nil {
		return `<p class="plot-error">` + html.EscapeString(err.Error()) + `</p>`
	}
	return figureHTML(svg, p.Caption, source)
}

// drawPlot draws a plot as its kind asks: lines by default.
func drawPlot(p *book.Plot) (string, error) {
	switch {
	case p.Heat != nil:
		return heatMapSVG(p), nil
	case p.Layout != nil:
		return layoutSVG(p), nil
	case p.Flow != nil:
		return flowSVG(p), nil
	case p.Windows != nil:
		return windowsSVG(p), nil
	case p.Tree != nil:
		return treeSVG(p), nil
	}
	return chartSVG(p)
}

// figureHTML wraps a drawn chart in its figure, with the caption and where
// its numbers come from.
func figureHTML(svg, caption, source string) string {
	return fmt.Sprintf("<figure class=\"plot\">%s<figcaption>%s <span class=\"plot-source\">(%s)</span></figcaption></figure>\n",
		svg, html.EscapeString(caption), html.EscapeString(source))
}
