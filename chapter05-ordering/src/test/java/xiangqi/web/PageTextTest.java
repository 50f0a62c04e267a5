package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import xiangqi.Fixtures;

/**
 * The web board speaks English and Chinese: its words are one dictionary, web/text.json,
 * {"en": {...}, "zh": {...}}, and the page asks the server for the end of the game in the
 * language it shows. The same file in every chapter.
 */
class PageTextTest {
    private static final Map<String, Map<String, String>> TEXT = Dictionary.parse(resource("text.json"));
    /** A board on a free loopback port for this class; it stops when the class is done. */
    @RegisterExtension
    static final LoopbackBoard board = new LoopbackBoard();

    private static String resource(String name) {
        try (InputStream in = PageTextTest.class.getResourceAsStream("/web/" + name)) {
            assertThat(in).as("/web/" + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static HttpResponse<String> get(String pathAndQuery) {
        return board.get(pathAndQuery);
    }

    /** Every match of group 1 of {@code regex} in {@code text}. */
    private static Set<String> all(String regex, String text) {
        Set<String> found = new TreeSet<>();
        Matcher matcher = Pattern.compile(regex).matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    @Test
    @DisplayName("the dictionary has an English and a Chinese part, with the same keys, none of them empty")
    void sameKeysInBoth() {
        assertThat(TEXT).containsOnlyKeys("en", "zh");
        assertThat(TEXT.get("zh").keySet()).containsExactlyElementsOf(TEXT.get("en").keySet());
        for (Map<String, String> words : TEXT.values()) {
            assertThat(words.values()).allSatisfy(text -> assertThat(text).isNotBlank());
        }
    }

    @Test
    @DisplayName("every Chinese entry is written in Chinese, and fills in the same {names} as its English one")
    void chineseIsChinese() {
        for (Map.Entry<String, String> entry : TEXT.get("zh").entrySet()) {
            String english = TEXT.get("en").get(entry.getKey());
            assertThat(entry.getValue()).as(entry.getKey()).containsPattern("\\p{IsHan}");
            assertThat(all("(\\{\\w+\\})", entry.getValue())).as(entry.getKey()).isEqualTo(all("(\\{\\w+\\})", english));
        }
    }

    @Test
    @DisplayName("every key the page and its script use is in the dictionary, and this chapter's method names too")
    void everyKeyIsThere() {
        Set<String> used = all("data-i18n(?:-[a-z-]+)?=\"([^\"]+)\"", resource("index.html"));
        used.addAll(all("\\bt\\('([^']+)'(?=[,)])", resource("board.js"))); // t('key') and t('key', {...})
        used.addAll(all("\\bt\\('([^']+)'(?=[,)])", resource("class.js"))); // a class session's words
        used.add("method:" + WebSearch.METHOD);
        used.add("method:" + WebSearch.EARLIER);
        assertThat(used).hasSizeGreaterThan(40);
        assertThat(TEXT.get("en").keySet()).containsAll(used);
    }

    @Test
    @DisplayName("the page has the 中文 / English switch, and the server serves the dictionary as it is")
    void served() {
        assertThat(resource("index.html")).contains("data-lang=\"zh\"", ">中文<", "data-lang=\"en\"", ">English<");
        HttpResponse<String> answer = get("/text.json");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        assertThat(answer.body()).isEqualTo(resource("text.json"));
    }

    @Test
    @DisplayName("with lang=zh the server tells the end of the game in Chinese; English is the default; lang=fr is refused")
    void endInChinese() {
        String mated = "/api/position?fen=" + URLEncoder.encode(Fixtures.CHECKMATED, StandardCharsets.UTF_8);
        String stalemated = "/api/position?fen=" + URLEncoder.encode(Fixtures.STALEMATED, StandardCharsets.UTF_8);
        assertThat(get(mated + "&lang=zh").body()).contains("\"over\":\"将死：黑方被将死，红方胜\"");
        assertThat(get(stalemated + "&lang=zh").body()).contains("\"over\":\"困毙：黑方无着可走，判负，红方胜\"");
        assertThat(get(mated + "&lang=en").body()).isEqualTo(get(mated).body()).contains("checkmate (将死)");

        HttpResponse<String> refused = get("/api/position?lang=fr");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo("error: lang 'fr' is not a language here: give en or zh\n");
    }

    /**
     * A reader for the dictionary's JSON: an object of objects of strings, nothing else. The
     * test's own, so that the project needs no JSON library.
     */
    private static final class Dictionary {
        private final String text;
        private int at;

        private Dictionary(String text) {
            this.text = text;
        }

        static Map<String, Map<String, String>> parse(String json) {
            Dictionary reader = new Dictionary(json);
            Map<String, Map<String, String>> languages = new LinkedHashMap<>();
            reader.object(() -> languages.put(reader.string(), reader.skipColon().stringsObject()));
            reader.space();
            assertThat(reader.at).as("text after the dictionary").isEqualTo(json.length());
            return languages;
        }

        private Map<String, String> stringsObject() {
            Map<String, String> words = new LinkedHashMap<>();
            object(() -> {
                String key = string();
                assertThat(words.put(key, skipColon().string())).as("key " + key + " given twice").isNull();
            });
            return words;
        }

        /** Reads {@code { member, member ... }}, calling {@code member} for each. */
        private void object(Runnable member) {
            expect('{');
            if (peek() == '}') {
                at++;
                return;
            }
            do {
                member.run();
            } while (comma());
            expect('}');
        }

        private Dictionary skipColon() {
            expect(':');
            return this;
        }

        private boolean comma() {
            if (peek() == ',') {
                at++;
                return true;
            }
            return false;
        }

        private String string() {
            expect('"');
            StringBuilder value = new StringBuilder();
            for (char c = text.charAt(at++); c != '"'; c = text.charAt(at++)) {
                if (c == '\\') {
                    char escaped = text.charAt(at++);
                    switch (escaped) {
                        case 'n' -> value.append('\n');
                        case 'u' -> {
                            value.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                            at += 4;
                        }
                        default -> value.append(escaped);
                    }
                } else {
                    value.append(c);
                }
            }
            return value.toString();
        }

        private void expect(char wanted) {
            assertThat(peek()).as("character " + at + " of text.json").isEqualTo(wanted);
            at++;
        }

        private char peek() {
            space();
            return text.charAt(at);
        }

        private void space() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }
    }
}
